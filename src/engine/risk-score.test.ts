import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { computeRiskScore, rateExposure, RISK_BANDS, type ExposureFigures, type RiskBand } from './risk-score.ts';

const rank = (band: RiskBand) => RISK_BANDS.findIndex((b) => b.id === band);
const REVENUE = 18_000_000;
const figures = (expectedUsd: number, oneInTwentyUsd: number, oneInHundredUsd: number, annualRevenueUsd = REVENUE): ExposureFigures => ({
  expectedUsd,
  oneInTwentyUsd,
  oneInHundredUsd,
  annualRevenueUsd,
});

describe('computeRiskScore', () => {
  test('anchors: all-best 0, average 50, all-worst 100; monotone in the ALE', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e3, max: 1e6, noNaN: true }),
        fc.double({ min: 1.1, max: 10, noNaN: true }),
        fc.double({ min: 1.1, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (best, up1, up2, t1, t2) => {
          const avg = best * up1;
          const worst = avg * up2;
          const exposure = figures(avg, 2 * avg, 10 * avg);
          expect(computeRiskScore(best, best, avg, worst, exposure).score).toBe(0);
          expect(computeRiskScore(avg, best, avg, worst, exposure).score).toBe(50);
          expect(computeRiskScore(worst, best, avg, worst, exposure).score).toBe(100);
          const a = best + (worst - best) * Math.min(t1, t2);
          const b = best + (worst - best) * Math.max(t1, t2);
          expect(computeRiskScore(a, best, avg, worst, exposure).score).toBeLessThanOrEqual(
            computeRiskScore(b, best, avg, worst, exposure).score,
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  test('the band follows the dollars, not the score: the worst posture with small losses beside revenue is not Severe', () => {
    const small = figures(20_000, 60_000, 300_000);
    const worstPosture = computeRiskScore(200_000, 10_000, 50_000, 200_000, small);
    expect(worstPosture.score).toBe(100);
    expect(worstPosture.band).toBe(rateExposure(small).band);
    expect(rank(worstPosture.band)).toBeLessThan(rank('high'));
  });

  test('returns 50 rather than NaN when an anchor has no simulated loss', () => {
    expect(computeRiskScore(0, 0, 0, 0, figures(0, 0, 0)).score).toBe(50);
  });
});

describe('rateExposure', () => {
  test('$89.9K a year on $18M revenue (0.5%) with a 1-in-100 year of a tenth of revenue is not High', () => {
    const rating = rateExposure(figures(89_900, 390_000, 1_800_000));
    expect(rank(rating.band)).toBeLessThan(rank('high'));
    expect(rating.band).toBe('moderate');
  });

  test('losses that take the profit of a typical small firm are High or Severe', () => {
    expect(rateExposure(figures(0.02 * REVENUE, 0.06 * REVENUE, 0.2 * REVENUE)).band).toBe('high');
    expect(rateExposure(figures(0.05 * REVENUE, 0.2 * REVENUE, 0.5 * REVENUE)).band).toBe('severe');
    expect(rateExposure(figures(0.0005 * REVENUE, 0.005 * REVENUE, 0.01 * REVENUE)).band).toBe('low');
  });

  test('the same dollars are milder for a larger company', () => {
    const loss = figures(150_000, 800_000, 3_000_000);
    expect(rank(rateExposure({ ...loss, annualRevenueUsd: 85_000_000 }).band)).toBeLessThan(
      rank(rateExposure({ ...loss, annualRevenueUsd: 10_000_000 }).band),
    );
  });

  test('the reason names the figure that set the band', () => {
    expect(rateExposure(figures(10_000, 50_000, 6_000_000)).reason).toBe('a 1-in-100 year is 33.3% of revenue');
    expect(rateExposure(figures(10_000, 50_000, 100_000), 80_000).reason).toBe('a 1-in-100 year is above the risk appetite');
  });

  // Generated loss figures in increasing order (expected <= 1-in-20 <= 1-in-100), from $0 to twice the revenue.
  const lossFigures = fc
    .tuple(
      fc.double({ min: 0, max: 0.1, noNaN: true }),
      fc.double({ min: 1, max: 20, noNaN: true }),
      fc.double({ min: 1, max: 10, noNaN: true }),
    )
    .map(([share, up95, up99]) => figures(share * REVENUE, share * REVENUE * up95, share * REVENUE * up95 * up99));
  const appetite = fc.option(fc.double({ min: 1_000, max: 5_000_000, noNaN: true }), { nil: null });

  test('a figure above the appetite never leaves the band Low', () => {
    fc.assert(
      fc.property(lossFigures, fc.double({ min: 1_000, max: 5_000_000, noNaN: true }), (loss, appetiteUsd) => {
        const isAnyAbove = loss.expectedUsd > appetiteUsd || loss.oneInTwentyUsd > appetiteUsd || loss.oneInHundredUsd > appetiteUsd;
        const rating = rateExposure(loss, appetiteUsd);
        if (isAnyAbove) expect(rating.band).not.toBe('low');
        if (loss.expectedUsd > appetiteUsd) expect(rating.band).toBe('severe');
        // The appetite only ever makes the band stricter than the size alone.
        expect(rank(rating.band)).toBeGreaterThanOrEqual(rank(rateExposure(loss).band));
      }),
      { numRuns: 300 },
    );
  });

  test('monotone in the loss: larger figures never give a milder band, with or without an appetite', () => {
    fc.assert(
      fc.property(
        lossFigures,
        fc.double({ min: 1, max: 5, noNaN: true }),
        fc.double({ min: 1, max: 5, noNaN: true }),
        fc.double({ min: 1, max: 5, noNaN: true }),
        appetite,
        (loss, k1, k2, k3, appetiteUsd) => {
          const larger = {
            ...loss,
            expectedUsd: loss.expectedUsd * k1,
            oneInTwentyUsd: loss.oneInTwentyUsd * k2,
            oneInHundredUsd: loss.oneInHundredUsd * k3,
          };
          expect(rank(rateExposure(larger, appetiteUsd).band)).toBeGreaterThanOrEqual(rank(rateExposure(loss, appetiteUsd).band));
        },
      ),
      { numRuns: 300 },
    );
  });
});
