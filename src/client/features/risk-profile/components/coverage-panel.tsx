import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { Coverage } from '@/contracts/risk-profile.ts';
import { appetiteChart } from '@/reports/appetite-geometry.ts';
import { exceedanceTicks } from '@/reports/chart-geometry.ts';
import { formatUsdExact } from '@/reports/format.ts';
import { PALETTE } from '@/reports/palette.ts';
import { useCoverage } from '../api/risk-profile.ts';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';

const BOX = { x: 56, y: 18, width: 640 - 72, height: 200 };

/** The loss curve with the appetite as a dashed line: the same geometry as the PDF (src/reports/appetite-geometry.ts). */
function AppetiteSvg({ coverage }: { coverage: Coverage }) {
  const { chart, appetite } = appetiteChart(coverage, BOX);
  if (appetite === null || coverage.appetite === null) return null;
  const ticks = exceedanceTicks(chart, BOX);
  const label = `Loss curve before insurance with the risk appetite of ${formatUsdExact(coverage.appetite.amountUsd)}: a year exceeds it with a chance of ${coverage.appetite.chanceText}.`;
  return (
    <svg viewBox="0 0 640 260" className="h-auto w-full max-w-2xl" role="img" aria-label={label}>
      <line x1={BOX.x} x2={BOX.x + BOX.width} y1={BOX.y + BOX.height} y2={BOX.y + BOX.height} stroke={PALETTE.grid} />
      <line {...appetite.guide} stroke={PALETTE.bad} />
      <text x={BOX.x - 6} y={appetite.guide.y1 + 4} fontSize="12" textAnchor="end" fill={PALETTE.bad}>
        {appetite.chanceLabel}
      </text>
      {ticks.loss.map((tick) => (
        <text key={tick.key} x={tick.position} y={BOX.y + BOX.height + 18} fontSize="12" textAnchor="middle" fill={PALETTE.ink}>
          {tick.label}
        </text>
      ))}
      <path d={chart.d} stroke={PALETTE.accent} strokeWidth="3" fill="none" />
      <line {...appetite.line} stroke={PALETTE.bad} strokeWidth="2" strokeDasharray="6 4" />
      <circle cx={appetite.marker.cx} cy={appetite.marker.cy} r="5" fill={PALETTE.bad} />
      <text x={appetite.labelX} y={BOX.y + 12} fontSize="13" textAnchor={appetite.labelAnchor} fill={PALETTE.bad}>
        {appetite.label}
      </text>
      <text x={BOX.x + BOX.width / 2} y={256} fontSize="12" textAnchor="middle" fill={PALETTE.ink}>
        Annual loss before insurance (log scale); dashed line: risk appetite; left: chance a year exceeds it
      </text>
    </svg>
  );
}

function verdict(isAbove: boolean | null): string {
  if (isAbove === null) return '—';
  return isAbove ? 'Above appetite' : 'Within appetite';
}

interface CoverageRow {
  readonly id: string;
  readonly label: string;
  readonly beforeInsuranceUsd: number;
  readonly uninsuredUsd: number;
  readonly verdict: string;
}

/** The bad years against the appetite, then the severe incident against the policy's limit. */
function coverageRows(coverage: Coverage): CoverageRow[] {
  const severe = coverage.severeIncident;
  return [
    ...coverage.badYears.map((year) => ({ ...year, verdict: verdict(year.isAboveAppetite) })),
    {
      id: 'severe-incident',
      label: 'A severe incident',
      beforeInsuranceUsd: severe.costUsd,
      uninsuredUsd: severe.uninsuredUsd,
      verdict: severe.isWithinLimit === null ? 'No policy' : severe.isWithinLimit ? 'Within the limit' : 'Beyond the limit',
    },
  ];
}

/** The last row (the severe incident) has no rule under it. */
const COVERAGE_TABLE: TableDefinition<CoverageRow> = {
  caption: 'Coverage gap: what a bad year and a severe incident leave with the organisation',
  rowKey: (row) => row.id,
  look: {
    cell: 'py-2 pr-4',
    head: 'font-medium',
    table: 'min-w-[28rem]',
    headRow: 'border-b border-slate-300 text-slate-700',
    row: 'border-b border-slate-200 last:border-b-0',
  },
  columns: [
    { header: 'Case', cell: (row) => row.label, cellClassName: 'font-normal' },
    {
      header: 'Before insurance',
      cell: (row) => formatUsdExact(row.beforeInsuranceUsd),
      className: 'text-right',
      cellClassName: 'tabular-nums',
    },
    { header: 'Uninsured part', cell: (row) => formatUsdExact(row.uninsuredUsd), className: 'text-right', cellClassName: 'tabular-nums' },
    { header: 'Against the appetite', cell: (row) => row.verdict, className: 'pr-0' },
  ],
};

/** The figures of one computation (src/reports/coverage.ts): the PDF, deck and workbook print the same. */
export function CoverageView({ coverage }: { coverage: Coverage }) {
  return (
    <div className="grid gap-4">
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-800">
        {coverage.sentences.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
      <ScrollRegion label="Coverage gap">
        <DataTable table={COVERAGE_TABLE} rows={coverageRows(coverage)} />
      </ScrollRegion>
      {coverage.policy && coverage.policy.subLimits.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-medium text-slate-900">Sub-limits</p>
          <ul className="grid list-disc gap-1 pl-5">
            {coverage.policy.subLimits.map((limit) => (
              <li key={limit.id}>
                {limit.label}: {formatUsdExact(limit.amountUsd)}
              </li>
            ))}
          </ul>
          {coverage.subLimitNote ? <p className="text-slate-700">{coverage.subLimitNote}</p> : null}
        </div>
      ) : null}
      <AppetiteSvg coverage={coverage} />
    </div>
  );
}

/** The results page's insurance and appetite section for a completed assessment. */
export function CoveragePanel({ assessmentId }: { assessmentId: string }) {
  const { data, isLoading, error } = useCoverage(assessmentId);
  return (
    <Card aria-labelledby="coverage-title">
      <CardHeader>
        <CardTitle id="coverage-title">Insurance and risk appetite</CardTitle>
        <CardDescription>
          With the policy and appetite the organisation had entered when this assessment was completed.{' '}
          <Link href="/risk-profile" className="text-blue-800 underline">
            Change them for future assessments
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? <p className="text-sm text-slate-600">Loading the coverage figures…</p> : null}
        {error ? <p className="text-sm text-red-700">Could not load the coverage figures: {getErrorMessage(error)}</p> : null}
        {data ? <CoverageView coverage={data} /> : null}
      </CardContent>
    </Card>
  );
}
