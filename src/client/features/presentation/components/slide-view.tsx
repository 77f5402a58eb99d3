import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';
import { formatPercent, formatUsdShort } from '@/reports/format.ts';
import { PALETTE } from '@/reports/palette.ts';
import type { ReportModel, ReportSlide } from '@/reports/report-model.ts';
import { BarsSvg, ExceedanceSvg, TornadoSvg, WaterfallSvg } from './slide-charts.tsx';

function chartFor(slide: ReportSlide, model: ReportModel): ReactNode {
  switch (slide.id) {
    case 'exceedance':
      return <ExceedanceSvg points={model.exceedance} label={`Loss exceedance curve. ${slide.takeaway}`} />;
    case 'costBreakdown':
      return <BarsSvg label={`Expected annual loss by cost category. ${slide.takeaway}`} rows={model.costBreakdown.map((c) => ({ label: c.label, valueUsd: c.expectedAnnualUsd, text: `${formatUsdShort(c.expectedAnnualUsd)} (${formatPercent(c.share)})` }))} />;
    case 'drivers':
      return model.drivers.length > 0 ? <TornadoSvg drivers={model.drivers} label={`What moves the expected loss. ${slide.takeaway}`} /> : null;
    case 'fines':
      return model.fines.rows.length > 0 ? <BarsSvg color={PALETTE.fines} label={`Expected fines a year by regime. ${slide.takeaway}`} rows={model.fines.rows.map((r) => ({ label: r.label, valueUsd: r.expectedAnnualUsd, text: formatUsdShort(r.expectedAnnualUsd) }))} /> : null;
    case 'whatChanged':
      return model.whatChanged ? <WaterfallSvg change={model.whatChanged} label={`What changed since the last assessment. ${slide.takeaway}`} /> : null;
    case 'title':
    case 'headline':
    case 'fixes':
    case 'insurance':
    case 'method':
      return null;
    default:
      // Every section has its case: a new SlideId without one does not compile.
      return slide.id satisfies never;
  }
}

function HeadlineTiles({ model }: { model: ReportModel }) {
  const h = model.headline;
  const tiles = [
    { label: 'Expected annual loss', value: formatUsdShort(h.aleUsd) },
    { label: 'Chance of a loss event this year', value: formatPercent(h.probabilityOfAnyEvent) },
    { label: 'Cost if it happens', value: formatUsdShort(h.costIfItHappensUsd) },
    { label: 'A bad year (1 in 20)', value: formatUsdShort(h.badYearUsd) },
  ];
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

function FixesTable({ model }: { model: ReportModel }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm sm:text-[1.45cqw]">
        <caption className="sr-only">Top fixes with their cost and return</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2">Fix</th>
            <th scope="col" className="py-1 pr-2">Removes a year</th>
            <th scope="col" className="py-1 pr-2">Worst 1% of years</th>
            <th scope="col" className="py-1 pr-2">Costs a year</th>
            <th scope="col" className="py-1 pr-2">Return</th>
            <th scope="col" className="py-1">Payback</th>
          </tr>
        </thead>
        <tbody>
          {model.fixes.map((f) => (
            <tr key={f.rank} className="border-b border-slate-200">
              <th scope="row" className="py-1 pr-2 font-medium">{`${f.rank}. ${f.name}`}</th>
              <td className="py-1 pr-2 tabular-nums">{formatUsdShort(f.annualLossReductionUsd)}</td>
              <td className="py-1 pr-2 tabular-nums">{f.expectedShortfall99ReductionUsd === null ? 'n/a' : `−${formatUsdShort(f.expectedShortfall99ReductionUsd)}`}</td>
              <td className="py-1 pr-2 tabular-nums">{`${formatUsdShort(f.annualCostLowUsd)}–${formatUsdShort(f.annualCostHighUsd)}`}</td>
              <td className="py-1 pr-2 tabular-nums">{`${f.returnOnSecurityInvestment.toFixed(1)}×`}</td>
              <td className="py-1 tabular-nums">{f.paybackMonths === null ? 'n/a' : `${f.paybackMonths.toFixed(1)} mo`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.notWorthIt !== null && model.notWorthIt.fixes.length > 0 ? <p className="mt-2 text-sm text-slate-700 sm:text-[1.2cqw]">{model.notWorthIt.summary}</p> : null}
    </div>
  );
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
export function SlideView({ slide, model, index, total, logoUrl }: { slide: ReportSlide; model: ReportModel; index: number; total: number; logoUrl: string | null }) {
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
            <h2 className={cn('text-2xl font-bold tracking-tight sm:text-[3.4cqw] sm:leading-tight', isTitle && 'sm:mt-[8cqw] sm:text-[4.6cqw]')}>{slide.title}</h2>
            <p className={cn('mt-1 text-lg font-semibold sm:mt-[0.6cqw] sm:text-[1.9cqw]', isTitle ? 'text-slate-200' : 'text-blue-800')}>{slide.takeaway}</p>
          </div>
          {logoUrl ? <img src={logoUrl} alt={`${model.meta.organisationName} logo`} className="max-h-12 max-w-32 shrink-0 rounded bg-white object-contain p-1 sm:max-h-[6cqw] sm:max-w-[16cqw]" /> : null}
        </header>
        {slide.id === 'headline' ? (
          <>
            <HeadlineTiles model={model} />
            <Bullets items={slide.bullets.slice(1)} />
          </>
        ) : slide.id === 'fixes' ? (
          model.fixes.length > 0 ? <FixesTable model={model} /> : <Bullets items={slide.bullets} />
        ) : chart ? (
          <div className="grid min-h-0 flex-1 gap-4 sm:grid-cols-5 sm:gap-[2cqw]">
            <Bullets items={slide.bullets} className="sm:col-span-2 sm:text-[1.4cqw]" />
            <div className="sm:col-span-3">{chart}</div>
          </div>
        ) : (
          <Bullets items={slide.bullets} className={isTitle ? 'list-none pl-0 text-slate-300' : undefined} />
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
