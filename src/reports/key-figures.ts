import type { Coverage } from '@/contracts/risk-profile.ts';
import { formatPercent, formatUsdExact, months } from './format.ts';
import type { DecisionOptions } from './decision-options.ts';
import type { FixPlanView } from './read-fix-plan.ts';

/**
 * One figure per concept (ADR 271): each headline figure of the board pack is computed here once,
 * with the words it is printed in, and the PDF, the deck, the workbook, /presentation and the
 * results API print these strings. A format never recomputes one of them from the engine's fields.
 */

export interface KeyFigure {
  readonly value: number;
  readonly text: string;
}

export interface KeyFigures {
  readonly expectedLoss: KeyFigure;
  /** What stays with the organisation in a 1-in-100 year: net of the policy when there is one (coverage.ts). */
  readonly uninsuredOneInHundred: KeyFigure;
  /** Share of the 1-in-100 year's loss the policy pays (0 without a policy). */
  readonly coveredShareOneInHundred: KeyFigure;
  /** The fixes that pay for themselves at typical (middle) prices: the joint plan's steps, in its order. */
  readonly paysForItself: { readonly names: readonly string[]; readonly text: string };
  /** Payback of those fixes together, in months (null when none pays). */
  readonly payback: { readonly months: number | null; readonly text: string };
  /** The security posture score with its direction in words (ADR 273): lower is better, unlike a grade. */
  readonly postureScore: KeyFigure;
  /** The priced options (null for a result that cannot be re-run alike). */
  readonly options: DecisionOptions | null;
}

/** The key figures of one assessment from the figures already read once (result view, coverage, plan, options). */
export function computeKeyFigures(figures: {
  aleUsd: number;
  postureScore: number;
  coverage: Coverage;
  plan: FixPlanView | null;
  options: DecisionOptions | null;
}): KeyFigures {
  const oneInHundred = figures.coverage.badYears.find((y) => y.id === 'oneInHundred');
  const before = oneInHundred?.beforeInsuranceUsd ?? 0;
  const kept = oneInHundred?.uninsuredUsd ?? 0;
  const covered = before > 0 ? Math.max(0, Math.min(1, (before - kept) / before)) : 0;
  const steps = figures.plan?.steps ?? [];
  const last = steps.at(-1);
  const paybackMonths =
    last === undefined || last.cumulativeSavingUsd <= 0 ? null : (last.cumulativeAnnualCostUsd / last.cumulativeSavingUsd) * 12;
  const names = steps.map((s) => s.name);
  return {
    expectedLoss: { value: figures.aleUsd, text: formatUsdExact(figures.aleUsd) },
    uninsuredOneInHundred: { value: kept, text: formatUsdExact(kept) },
    coveredShareOneInHundred: { value: covered, text: formatPercent(covered) },
    paysForItself: {
      names,
      text: names.length === 0 ? 'No fix pays for itself at typical prices.' : `Pays for itself at typical prices: ${names.join(', ')}.`,
    },
    payback: {
      months: paybackMonths,
      text:
        paybackMonths === null
          ? 'No payback: no fix pays for itself at typical prices.'
          : `Together they pay back in ${months(paybackMonths)}.`,
    },
    postureScore: {
      value: figures.postureScore,
      text: `security posture score ${figures.postureScore.toFixed(0)} / 100 (lower is better: 0 is every control at best practice, 50 a typical peer, 100 the weakest posture; the band rates the dollars, the score the controls)`,
    },
    options: figures.options,
  };
}
