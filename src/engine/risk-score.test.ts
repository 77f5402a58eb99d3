import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { computeRiskScore, RISK_BANDS } from './risk-score.ts';

describe('computeRiskScore', () => {
  test('anchors: all-best 0, average 50, all-worst 100; monotone in the ALE; band matches the score', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e3, max: 1e6, noNaN: true }), fc.double({ min: 1.1, max: 10, noNaN: true }), fc.double({ min: 1.1, max: 10, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (best, up1, up2, t1, t2) => {
        const avg = best * up1;
        const worst = avg * up2;
        expect(computeRiskScore(best, best, avg, worst).score).toBe(0);
        expect(computeRiskScore(avg, best, avg, worst).score).toBe(50);
        expect(computeRiskScore(worst, best, avg, worst).score).toBe(100);
        const a = best + (worst - best) * Math.min(t1, t2);
        const b = best + (worst - best) * Math.max(t1, t2);
        const sa = computeRiskScore(a, best, avg, worst);
        const sb = computeRiskScore(b, best, avg, worst);
        expect(sa.score).toBeLessThanOrEqual(sb.score);
        const band = [...RISK_BANDS].reverse().find((x) => sb.score >= x.minScore);
        expect(sb.band).toBe(band?.id);
      }),
      { numRuns: 100 },
    );
  });

  test('returns 50 rather than NaN when an anchor has no simulated loss', () => {
    expect(computeRiskScore(0, 0, 0, 0).score).toBe(50);
  });
});
