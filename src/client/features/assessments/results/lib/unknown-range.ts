import type { AssessmentPath } from '@/contracts/assessments.ts';
import { findQuestionForFactor } from '@/contracts/business-questions.ts';
import type { FactorId } from '@/engine/factors.ts';
import type { RiskResult } from '@/engine/risk-result.ts';

/**
 * The range the "I don't know" answers leave open: each unknown's effect (its ALE at best and
 * at worst, the rest unchanged) added one at a time to the expected annual loss. An
 * approximation (effects interact a little), said so where it is shown.
 */
export function computeUnknownRange(result: Pick<RiskResult, 'annualLoss' | 'unknownFactors'>): { lowUsd: number; highUsd: number } | null {
  if (result.unknownFactors.length === 0) return null;
  const ale = result.annualLoss.expectedUsd;
  let low = ale;
  let high = ale;
  for (const u of result.unknownFactors) {
    low += Math.min(0, u.expectedAnnualLossIfBestUsd - ale);
    high += Math.max(0, u.expectedAnnualLossIfWorstUsd - ale);
  }
  return { lowUsd: Math.max(0, low), highUsd: high };
}

/** How far one unknown answer can move the estimate (worst minus best). */
export function unknownSwingUsd(u: RiskResult['unknownFactors'][number]): number {
  return Math.abs(u.expectedAnnualLossIfWorstUsd - u.expectedAnnualLossIfBestUsd);
}

/** One answer the user did not know: the plain question (business path) or the factor, and the factors it leaves open. */
export interface UnknownGroup {
  readonly key: string;
  /** The plain question the user answered "I don't know", or null on the security-lead paths. */
  readonly question: string | null;
  readonly factorIds: readonly FactorId[];
  readonly ifBestUsd: number;
  readonly ifWorstUsd: number;
}

/**
 * The unknowns as the user gave them: on the business path one plain question can leave several
 * factors open (BUSINESS_QUESTIONS' factorIds), and it is one answer, so one group. Its effect is
 * the sum of its factors' effects, the same one-at-a-time addition as `computeUnknownRange`.
 * Largest swing first.
 */
export function groupUnknowns(path: AssessmentPath, result: Pick<RiskResult, 'annualLoss' | 'unknownFactors'>): UnknownGroup[] {
  const ale = result.annualLoss.expectedUsd;
  const groups = new Map<string, { question: string | null; factorIds: FactorId[]; ifBestUsd: number; ifWorstUsd: number }>();
  for (const u of result.unknownFactors) {
    const question = path === 'business' ? findQuestionForFactor(u.factorId) : null;
    const key = question ? question.id : u.factorId;
    const group = groups.get(key) ?? { question: question?.question ?? null, factorIds: [], ifBestUsd: ale, ifWorstUsd: ale };
    group.factorIds.push(u.factorId);
    group.ifBestUsd += u.expectedAnnualLossIfBestUsd - ale;
    group.ifWorstUsd += u.expectedAnnualLossIfWorstUsd - ale;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, g]) => ({ key, ...g, ifBestUsd: Math.max(0, g.ifBestUsd) }))
    .sort((a, b) => Math.abs(b.ifWorstUsd - b.ifBestUsd) - Math.abs(a.ifWorstUsd - a.ifBestUsd));
}
