import { CALIBRATION } from './calibration/calibration.ts';

const WIDTH = CALIBRATION.riskBandWidth.value;

/** Rating bands of the 0-100 risk score (assumption: five equal bands, `CALIBRATION.riskBandWidth`). */
export const RISK_BANDS = [
  { id: 'low', label: 'Low', minScore: 0 },
  { id: 'guarded', label: 'Guarded', minScore: WIDTH },
  { id: 'moderate', label: 'Moderate', minScore: 2 * WIDTH },
  { id: 'high', label: 'High', minScore: 3 * WIDTH },
  { id: 'severe', label: 'Severe', minScore: 4 * WIDTH },
] as const;
/** A rating band id. */
export type RiskBand = (typeof RISK_BANDS)[number]['id'];

/** The 0-100 posture score and the anchors it was computed from. */
export interface RiskScore {
  readonly score: number;
  readonly band: RiskBand;
  readonly bandLabel: string;
  readonly allBestAleUsd: number;
  readonly averageAleUsd: number;
  readonly allWorstAleUsd: number;
}

/**
 * The risk score places the current ALE on a log scale between the same
 * organisation with every answer at best (0), at the population average (50)
 * and at worst (100): it rates security posture relative to peers of the same
 * size and industry, while the dollar figures carry the exposure.
 */
export function computeRiskScore(currentAleUsd: number, allBestAleUsd: number, averageAleUsd: number, allWorstAleUsd: number): RiskScore {
  let score: number;
  if (!(allBestAleUsd > 0 && averageAleUsd > 0 && allWorstAleUsd > 0)) {
    // No simulated loss at some anchor (too few years for a tiny exposure): no basis to rank.
    score = 50;
  } else if (currentAleUsd <= averageAleUsd) {
    const span = Math.log(averageAleUsd / allBestAleUsd);
    score = span > 0 ? 50 * (Math.log(Math.max(currentAleUsd, allBestAleUsd) / allBestAleUsd) / span) : 50;
  } else {
    const span = Math.log(allWorstAleUsd / averageAleUsd);
    score = span > 0 ? 50 + 50 * (Math.log(Math.min(currentAleUsd, allWorstAleUsd) / averageAleUsd) / span) : 50;
  }
  score = Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
  let band: (typeof RISK_BANDS)[number] = RISK_BANDS[0];
  for (const b of RISK_BANDS) if (score >= b.minScore) band = b;
  return { score, band: band.id, bandLabel: band.label, allBestAleUsd, averageAleUsd, allWorstAleUsd };
}
