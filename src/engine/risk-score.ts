/** Rating bands of the dollar exposure, mildest first (ADR 206). */
export const RISK_BANDS = [
  { id: 'low', label: 'Low' },
  { id: 'guarded', label: 'Guarded' },
  { id: 'moderate', label: 'Moderate' },
  { id: 'high', label: 'High' },
  { id: 'severe', label: 'Severe' },
] as const;
/** A rating band id. */
export type RiskBand = (typeof RISK_BANDS)[number]['id'];

/** The dollar figures a band is rated from, all in USD a year. */
export interface ExposureFigures {
  readonly expectedUsd: number;
  /** The 95th percentile year. */
  readonly oneInTwentyUsd: number;
  /** The 99th percentile year. */
  readonly oneInHundredUsd: number;
  readonly annualRevenueUsd: number;
}

type Measure = 'expectedUsd' | 'oneInTwentyUsd' | 'oneInHundredUsd';

/**
 * Lower edges of Guarded, Moderate, High and Severe, as a share of annual revenue (assumption,
 * ADR 206). Read against a typical small firm's net margin of 5-10% of revenue: an average year
 * that costs 1% of revenue takes a tenth or more of the profit every year; a rarer year may cost
 * more before it is as serious, so each rarer figure gets wider edges.
 */
export const REVENUE_SHARE_EDGES: { readonly [M in Measure]: readonly [number, number, number, number] } = {
  expectedUsd: [0.001, 0.0025, 0.01, 0.03],
  oneInTwentyUsd: [0.01, 0.025, 0.05, 0.1],
  oneInHundredUsd: [0.025, 0.05, 0.15, 0.3],
};

/**
 * The least band when a figure exceeds the organisation's risk appetite (the loss in a year it
 * says it can absorb): above it in an average year is Severe, more often than 1 year in 20 is
 * High, more often than 1 in 100 is Moderate (ADR 206).
 */
export const APPETITE_FLOORS: { readonly [M in Measure]: RiskBand } = {
  expectedUsd: 'severe',
  oneInTwentyUsd: 'high',
  oneInHundredUsd: 'moderate',
};

const MEASURE_WORDS: { readonly [M in Measure]: string } = {
  expectedUsd: 'the expected loss',
  oneInTwentyUsd: 'a 1-in-20 year',
  oneInHundredUsd: 'a 1-in-100 year',
};
const MEASURES = Object.keys(REVENUE_SHARE_EDGES) as Measure[];

/** A band and the figure that set it, in words. */
export interface ExposureRating {
  readonly band: RiskBand;
  readonly bandLabel: string;
  /** "a 1-in-100 year is 9.8% of revenue": the figure that decided the band. */
  readonly reason: string;
}

const bandIndex = (band: RiskBand): number => RISK_BANDS.findIndex((b) => b.id === band);
const percentOf = (share: number): string => `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;

function bandOfShare(share: number, edges: readonly number[]): number {
  let index = 0;
  for (const edge of edges) if (share >= edge) index += 1;
  return index;
}

/**
 * Rates the dollar exposure against the company's size and, when set, its own appetite: the
 * worst of each figure's band (ADR 206). A larger loss never gives a milder band, and a figure
 * above the appetite never leaves the band Low.
 */
export function rateExposure(figures: ExposureFigures, appetiteUsd: number | null = null): ExposureRating {
  // A profile always has revenue (validated); the floor only keeps the shares finite.
  const revenue = Math.max(1, figures.annualRevenueUsd);
  let index = 0;
  let reason = `${MEASURE_WORDS.expectedUsd} is ${percentOf(figures.expectedUsd / revenue)} of revenue`;
  for (const measure of MEASURES) {
    const share = figures[measure] / revenue;
    const bySize = bandOfShare(share, REVENUE_SHARE_EDGES[measure]);
    if (bySize > index) [index, reason] = [bySize, `${MEASURE_WORDS[measure]} is ${percentOf(share)} of revenue`];
  }
  if (appetiteUsd !== null && appetiteUsd > 0) {
    for (const measure of MEASURES) {
      const floor = bandIndex(APPETITE_FLOORS[measure]);
      if (figures[measure] > appetiteUsd && floor > index)
        [index, reason] = [floor, `${MEASURE_WORDS[measure]} is above the risk appetite`];
    }
  }
  const band = RISK_BANDS[Math.min(index, RISK_BANDS.length - 1)] ?? RISK_BANDS[0];
  return { band: band.id, bandLabel: band.label, reason };
}

/** The 0-100 posture score, the anchors it was computed from, and the band of the dollar exposure. */
export interface RiskScore {
  readonly score: number;
  /** Rated from the dollars against revenue (ADR 206), not from the score. */
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
 * size and industry. The band rates the dollars against the company's size
 * (ADR 206): a weak posture in a firm whose losses are small beside its revenue
 * is a high score in a mild band.
 */
export function computeRiskScore(
  currentAleUsd: number,
  allBestAleUsd: number,
  averageAleUsd: number,
  allWorstAleUsd: number,
  exposure: ExposureFigures,
): RiskScore {
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
  const { band, bandLabel } = rateExposure(exposure);
  return { score, band, bandLabel, allBestAleUsd, averageAleUsd, allWorstAleUsd };
}
