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
