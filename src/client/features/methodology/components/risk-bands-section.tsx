import { APPETITE_FLOORS, REVENUE_SHARE_EDGES, RISK_BANDS } from '@/engine/risk-score.ts';
import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';

const FIGURES = [
  { id: 'expectedUsd', label: 'Expected annual loss' },
  { id: 'oneInTwentyUsd', label: 'A 1-in-20 year' },
  { id: 'oneInHundredUsd', label: 'A 1-in-100 year' },
] as const;

const percent = (share: number) => `${Number((share * 100).toPrecision(3))}%`;
const bandLabel = (id: string) => RISK_BANDS.find((b) => b.id === id)?.label ?? id;

/** The ranges of one figure, read from the engine's edges, e.g. "below 0.1%", "0.1%-0.25%", ..., "3% or more". */
function rangesOf(edges: readonly number[]): string[] {
  return RISK_BANDS.map((_, i) => {
    const lower = edges[i - 1];
    const upper = edges[i];
    if (lower === undefined) return `below ${percent(upper ?? 0)}`;
    if (upper === undefined) return `${percent(lower)} or more`;
    return `${percent(lower)} to ${percent(upper)}`;
  });
}

type Figure = (typeof FIGURES)[number];

/** The figure, then its range of revenue share in each band. */
const BANDS_TABLE: TableDefinition<Figure> = {
  caption: 'Share of annual revenue for each band',
  rowKey: (f) => f.id,
  look: { cell: 'px-2 py-2', table: 'min-w-[36rem]' },
  testId: 'band-edges',
  columns: [
    { header: 'Figure, as a share of revenue', cell: (f) => f.label },
    ...RISK_BANDS.map((band, i) => ({
      header: band.label,
      cell: (f: Figure) => rangesOf(REVENUE_SHARE_EDGES[f.id])[i],
      cellClassName: 'tabular-nums',
    })),
  ],
};

/**
 * How the band next to the dollars is set (ADR 206), printed from the engine's own edges so the
 * page can never disagree with the label on a result.
 */
export function RiskBandsSection() {
  return (
    <section aria-labelledby="bands-title" className="flex flex-col gap-2">
      <h2 id="bands-title" className="text-2xl font-bold text-slate-900">
        How the risk band is set
      </h2>
      <p>
        The band (Low to Severe) shown next to the dollar figures rates the <strong>dollars against the size of the company</strong>: each
        figure below is taken as a share of annual revenue and the band is the worst of the three. The edges are assumptions read against a
        typical small firm&apos;s net margin of 5-10% of revenue: an average year that costs 1% of revenue takes a tenth or more of the
        profit every year, while a rarer year may cost more before it is as serious. The same loss is therefore milder for a larger company.
      </p>
      <ScrollRegion label="Risk band edges">
        <DataTable table={BANDS_TABLE} rows={FIGURES} />
      </ScrollRegion>
      <p data-testid="appetite-floors">
        When the organisation has set its <strong>risk appetite</strong> (the loss in a year it can absorb), the band is at least{' '}
        {FIGURES.map(
          (f) =>
            `${bandLabel(APPETITE_FLOORS[f.id])} when ${f.label.replace(/^A /, 'a ').replace(/^Expected/, 'the expected')} is above it`,
        ).join(', ')}
        . A loss above the appetite is never rated Low; the appetite can make the band stricter, never milder.
      </p>
      <p>
        The <strong>risk score</strong> (0-100) is a different measure: it rates the security answers against peers of the same size and
        industry (0 every control at its best, 50 an average peer, 100 the worst posture). A weak posture in a company whose losses are
        small beside its revenue has a high score in a mild band.
      </p>
    </section>
  );
}
