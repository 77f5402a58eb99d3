import type { ReactNode } from 'react';
import { DataTable, type TableDefinition } from '@/client/components/ui/data-table.tsx';
import { RowHeaderTable } from '@/client/components/ui/row-header-table.tsx';
import { cn } from '@/client/lib/utils.ts';
import { formatPercent, formatUsdShort } from '@/reports/format.ts';
import { PALETTE } from '@/reports/palette.ts';
import { rowsThatFit } from '@/reports/board-message.ts';
import { OPTION_COLUMNS } from '@/reports/decision-options.ts';
import { formatSavedPerDollar, headlineTiles, type ReportModel, type ReportSlide } from '@/reports/report-model.ts';
import { BarsSvg, ExceedanceSvg, PHONE_CHART_WIDTH, TornadoSvg, WaterfallSvg } from './slide-charts.tsx';

/** The chart drawn twice, narrow for a phone and wide from 640 px; CSS shows one (the hidden one is out of the accessibility tree). */
function PhoneAndWide({ draw }: { draw: (width: number) => ReactNode }) {
  return (
    <>
      <div className="sm:hidden">{draw(PHONE_CHART_WIDTH)}</div>
      <div className="hidden sm:block">{draw(640)}</div>
    </>
  );
}

function chartFor(slide: ReportSlide, model: ReportModel): ReactNode {
  switch (slide.id) {
    case 'exceedance':
      return (
        <PhoneAndWide
          draw={(width) => <ExceedanceSvg width={width} points={model.exceedance} label={`Loss exceedance curve. ${slide.takeaway}`} />}
        />
      );
    case 'costBreakdown':
      return (
        <PhoneAndWide
          draw={(width) => (
            <BarsSvg
              width={width}
              label={`Expected annual loss by cost category. ${slide.takeaway}`}
              rows={model.costBreakdown.map((c) => ({
                label: c.label,
                valueUsd: c.expectedAnnualUsd,
                text: `${formatUsdShort(c.expectedAnnualUsd)} (${formatPercent(c.share)})`,
              }))}
            />
          )}
        />
      );
    case 'scenarios': {
      const rows = (model.scenarios?.scenarios ?? []).map((x) => ({
        label: x.label,
        valueUsd: x.expectedAnnualLossUsd,
        text: `${formatUsdShort(x.expectedAnnualLossUsd)} (${formatPercent(x.share)})`,
      }));
      return rows.length === 0 ? null : (
        <PhoneAndWide
          draw={(width) => <BarsSvg width={width} label={`Expected annual loss by loss scenario. ${slide.takeaway}`} rows={rows} />}
        />
      );
    }
    case 'drivers':
      return model.drivers.length > 0 ? (
        <PhoneAndWide
          draw={(width) => <TornadoSvg width={width} drivers={model.drivers} label={`What moves the expected loss. ${slide.takeaway}`} />}
        />
      ) : null;
    case 'fines':
      return model.fines.rows.length > 0 ? (
        <PhoneAndWide
          draw={(width) => (
            <BarsSvg
              width={width}
              color={PALETTE.fines}
              label={`Expected fines a year by regime. ${slide.takeaway}`}
              rows={model.fines.rows.map((r) => ({
                label: r.label,
                valueUsd: r.expectedAnnualUsd,
                text: formatUsdShort(r.expectedAnnualUsd),
              }))}
            />
          )}
        />
      ) : null;
    case 'whatChanged':
      return model.whatChanged ? (
        <WaterfallSvg change={model.whatChanged} label={`What changed since the last assessment. ${slide.takeaway}`} />
      ) : null;
    case 'title':
    case 'headline':
    case 'fixes':
    case 'decision':
    case 'insurance':
    case 'method':
      return null;
    default:
      // Every section has its case: a new SlideId without one does not compile.
      return slide.id satisfies never;
  }
}

function HeadlineTiles({ model }: { model: ReportModel }) {
  const tiles = headlineTiles(model.headline);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-[1.2cqw]">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-lg border border-slate-300 bg-slate-50 p-3 sm:p-[1.2cqw]">
          <dt className="text-sm text-slate-700 sm:text-[1.3cqw]">{t.label}</dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums sm:text-[3.2cqw]">{t.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Fix = ReportModel['fixes'][number];

const FIXES_TABLE: TableDefinition<Fix> = {
  caption: 'Top fixes with their cost and return',
  rowKey: (f) => String(f.rank),
  look: { cell: 'py-1 pr-2', table: 'sm:text-[1.45cqw]' },
  columns: [
    { header: 'Fix', cell: (f) => `${f.rank}. ${f.name}` },
    { header: 'Saves a year (alone)', cell: (f) => formatUsdShort(f.annualLossReductionUsd), cellClassName: 'tabular-nums' },
    {
      header: 'Less in the worst 1% of years',
      cell: (f) => (f.expectedShortfall99ReductionUsd === null ? 'n/a' : formatUsdShort(f.expectedShortfall99ReductionUsd)),
      cellClassName: 'tabular-nums',
    },
    {
      header: 'Costs a year',
      cell: (f) => `${formatUsdShort(f.annualCostLowUsd)}–${formatUsdShort(f.annualCostHighUsd)}`,
      cellClassName: 'tabular-nums',
    },
    { header: 'Saved per $1 spent', cell: (f) => formatSavedPerDollar(f).replace(' saved per $1', ''), cellClassName: 'tabular-nums' },
    {
      header: 'Pays back in',
      cell: (f) => (f.paybackMonths === null ? 'n/a' : `${f.paybackMonths.toFixed(1)} months`),
      className: 'pr-0',
      cellClassName: 'tabular-nums',
    },
  ],
};

function FixesTable({ model }: { model: ReportModel }) {
  return (
    <div className="overflow-x-auto">
      <DataTable table={FIXES_TABLE} rows={model.fixes} />
      {model.message.breakEvenLine === null ? null : (
        <p className="mt-2 text-sm text-slate-700 sm:text-[1.2cqw]">{model.message.breakEvenLine}</p>
      )}
      {model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700 sm:text-[1.2cqw]">{model.notWorthIt.summary}</p>
      ) : null}
    </div>
  );
}

const DECISION_KIND = { plan: 'Pays for itself', required: 'Required', option: 'Optional' } as const;
const MAX_DECISION_ROWS = 10;

type DecisionRow = ReportModel['message']['decision']['rows'][number];

/** The type is smaller when the rows are many, so ten fit the 16:9 frame. */
const DECISION_TABLE: TableDefinition<DecisionRow> = {
  caption: 'What the board is asked to approve',
  rowKey: (r) => r.name,
  look: { cell: 'py-0.5 pr-2' },
  columns: [
    { header: 'Control', cell: (r) => r.name },
    { header: 'Why', cell: (r) => DECISION_KIND[r.kind] },
    {
      header: 'Saves a year',
      cell: (r) => `${formatUsdShort(r.savingUsd)}${r.savingBasis === 'onTop' ? ' on top' : ''}`,
      cellClassName: 'tabular-nums',
    },
    {
      header: 'Costs a year',
      cell: (r) => `${formatUsdShort(r.costLowUsd)}–${formatUsdShort(r.costHighUsd)}`,
      cellClassName: 'tabular-nums',
    },
    { header: 'Required by', cell: (r) => (r.requiredBy.length === 0 ? '—' : r.requiredBy.join(', ')), className: 'pr-0' },
  ],
};

const MAX_DECISION_ROWS_UNDER_OPTIONS = 5;

/**
 * The priced options (src/reports/decision-options.ts): the same cells as the PDF and the deck, doing
 * nothing first. Why each option is bought is in the speaker notes, so the slide keeps to its frame.
 */
function OptionsTable({ model }: { model: ReportModel }) {
  const options = model.keyFigures.options;
  if (options === null) return null;
  const rows = [options.doNothingCells, ...options.options.map((o) => o.cells)];
  return (
    <div className="mb-2 overflow-x-auto sm:mb-[0.8cqw]" data-testid="decision-options">
      <RowHeaderTable
        caption="The priced options"
        columns={OPTION_COLUMNS}
        rows={rows}
        className="sm:text-[1.3cqw]"
        cellClassName="py-0.5 pr-2"
      />
    </div>
  );
}

/** The ask as a table: the fixes or the required controls, with saving, cost and who requires them; the combined effect and doing nothing below. */
function DecisionTable({ model }: { model: ReportModel }) {
  const d = model.message.decision;
  // A 16:9 slide has room for about ten rows; the rest are counted in a line, never cut off.
  const fit = rowsThatFit(d.rows, model.keyFigures.options === null ? MAX_DECISION_ROWS : MAX_DECISION_ROWS_UNDER_OPTIONS);
  return (
    <div className="overflow-x-auto">
      <OptionsTable model={model} />
      {d.rows.length > 0 ? (
        <DataTable table={DECISION_TABLE} rows={fit.rows} className={d.rows.length > 8 ? 'sm:text-[1.15cqw]' : 'sm:text-[1.45cqw]'} />
      ) : null}
      <Bullets
        items={
          d.rows.length > 0 ? [...(fit.omittedLine === null ? [] : [fit.omittedLine]), ...d.closingLines] : [...d.askLines, d.doNothing]
        }
        className="mt-2 sm:mt-[0.8cqw] sm:text-[1.3cqw]"
      />
    </div>
  );
}

/**
 * Type size of a slide's bullets in a 16:9 frame: the usual size, smaller when the text is long, so
 * the last bullet never runs under the footer (the frame hides what does not fit). Static class
 * names: Tailwind only generates classes it can read in the source.
 */
function bulletSize(items: readonly string[], usual: 1.4 | 1.55): string {
  const characters = items.reduce((sum, item) => sum + item.length, 0);
  if (characters > 700) return 'sm:text-[1.1cqw]';
  if (characters > 450) return 'sm:text-[1.25cqw]';
  return usual === 1.4 ? 'sm:text-[1.4cqw]' : 'sm:text-[1.55cqw]';
}

function Bullets({ items, className }: { items: readonly string[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={cn('list-disc space-y-1 pl-5 text-base text-slate-800 sm:space-y-[0.5cqw] sm:text-[1.55cqw]', className)}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * One slide. On a phone it is a card that flows (readable in portrait); from 640 px up it is a
 * 16:9 frame whose type scales with its width (container units), so 1280×720 and 1920×1080 show
 * the same slide.
 */
export function SlideView({
  slide,
  model,
  index,
  total,
  logoUrl,
}: {
  slide: ReportSlide;
  model: ReportModel;
  index: number;
  total: number;
  logoUrl: string | null;
}) {
  const chart = chartFor(slide, model);
  const isTitle = slide.id === 'title';
  return (
    <div className="@container w-full">
      <article
        aria-roledescription="slide"
        aria-label={`Slide ${index + 1} of ${total}: ${slide.title}`}
        className={cn(
          'relative flex w-full flex-col gap-3 overflow-hidden rounded-xl border border-slate-300 p-4 shadow-sm sm:aspect-video sm:gap-[1.4cqw] sm:p-[3cqw]',
          isTitle ? 'bg-slate-900 text-white' : 'bg-white text-slate-900',
        )}
      >
        <header className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2
              className={cn(
                'text-2xl font-bold tracking-tight sm:text-[3.4cqw] sm:leading-tight',
                isTitle && 'sm:mt-[8cqw] sm:text-[4.6cqw]',
              )}
            >
              {slide.title}
            </h2>
            <p className={cn('mt-1 text-lg font-semibold sm:mt-[0.6cqw] sm:text-[1.9cqw]', isTitle ? 'text-slate-200' : 'text-blue-800')}>
              {slide.takeaway}
            </p>
          </div>
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={`${model.meta.organisationName} logo`}
              className="max-h-12 max-w-32 shrink-0 rounded bg-white object-contain p-1 sm:max-h-[6cqw] sm:max-w-[16cqw]"
            />
          ) : null}
        </header>
        {slide.id === 'headline' ? (
          <>
            <HeadlineTiles model={model} />
            <Bullets items={slide.bullets} className="sm:text-[1.35cqw]" />
          </>
        ) : slide.id === 'fixes' ? (
          model.fixes.length > 0 ? (
            <FixesTable model={model} />
          ) : (
            <Bullets items={slide.bullets} className="sm:text-[1.25cqw]" />
          )
        ) : slide.id === 'decision' ? (
          <DecisionTable model={model} />
        ) : chart ? (
          <div className="grid min-h-0 flex-1 gap-4 sm:grid-cols-5 sm:gap-[2cqw]">
            <Bullets items={slide.bullets} className={cn('sm:col-span-2', bulletSize(slide.bullets, 1.4))} />
            <div className="sm:col-span-3">{chart}</div>
          </div>
        ) : (
          <Bullets items={slide.bullets} className={isTitle ? 'list-none pl-0 text-slate-300' : bulletSize(slide.bullets, 1.55)} />
        )}
        <footer className={cn('mt-auto flex justify-between text-xs sm:text-[1.1cqw]', isTitle ? 'text-slate-300' : 'text-slate-600')}>
          <span>
            {model.meta.organisationName} · {model.meta.completedOn}
          </span>
          <span>
            {index + 1} / {total}
          </span>
        </footer>
      </article>
    </div>
  );
}
