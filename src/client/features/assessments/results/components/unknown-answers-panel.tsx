import type { Assessment } from '@/contracts/assessments.ts';
import { getFactor } from '@/engine/factors.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatUsd } from '../../shared/lib/format.ts';
import { computeUnknownRange, groupUnknowns } from '../lib/unknown-range.ts';

/**
 * "I don't know" answers are not guessed silently: the range they leave open, and how much each
 * one moves the expected annual loss, largest first. Counted as the user answered them: one plain
 * question that feeds several factors is one answer (`groupUnknowns`).
 */
export function UnknownAnswersPanel({ assessment, result }: { assessment: Assessment; result: RiskResult }) {
  const range = computeUnknownRange(result);
  if (!range) return null;
  const unknowns = groupUnknowns(assessment.path, result);
  return (
    <section aria-labelledby="unknowns-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="unknown-answers">
      <h2 id="unknowns-title" className="text-lg font-semibold text-amber-950">
        {unknowns.length} answer{unknowns.length === 1 ? '' : 's'} not known yet
      </h2>
      <p className="mt-1 text-sm text-amber-950" data-testid="unknown-range">
        Depending on them, the expected annual loss is between <strong>{formatUsd(range.lowUsd)}</strong> and <strong>{formatUsd(range.highUsd)}</strong> (each answer's effect added one at a time; the headline
        spreads each unknown over the answers organisations like yours give).
      </p>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {unknowns.map((u) => {
          const names = u.factorIds.map((id) => getFactor(id).name).join(', ');
          return (
            <li key={u.key} className="min-w-0 rounded-lg bg-white p-3 ring-1 ring-amber-200">
              <span className="font-medium text-slate-900">{u.question ?? names}</span>
              {u.question ? <span className="block text-slate-700">Covers {names}</span> : null}
              <span className="block text-slate-800">
                Moves the estimate by up to {formatUsd(Math.abs(u.ifWorstUsd - u.ifBestUsd))} a year: {formatUsd(u.ifBestUsd)} if the answer is the best one, {formatUsd(u.ifWorstUsd)} if the worst.
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
