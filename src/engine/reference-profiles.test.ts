import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { REFERENCE_PROFILES } from './sample-inputs.ts';

// The 1.0 design's "Worked example" table (ADR 010) describes model 1.0 (one IRIS median per revenue tier,
// sigma narrowing under assurance); model 2.0 (ADR 100) replaces that severity on purpose, so the
// table is no longer a target. The calibration against the sources lives in calibration-2.test.ts;
// this file keeps a non-regression snapshot of the headline figures of the same profiles.
const ITERATIONS = 200_000;
const SEED = 7;

describe('reference profiles of the 1.0 worked example', () => {
  const results = REFERENCE_PROFILES.map((p) => ({ profile: p, result: assessRisk(p.input, { iterations: ITERATIONS, seed: SEED, attribution: false }) }));

  test('non-regression snapshot of the headline figures (seed 7, 200,000 years)', () => {
    const round = (x: number): number => Math.round(x);
    const snapshot = results.map(({ profile, result }) => ({
      id: profile.id,
      probabilityOfAnyEvent: result.probabilityOfAnyEvent,
      aleUsd: round(result.annualLoss.expectedUsd),
      standardErrorUsd: round(result.annualLoss.standardErrorUsd),
      p90Usd: round(result.annualLoss.percentilesUsd.p90),
      p95Usd: round(result.annualLoss.percentilesUsd.p95),
      p99Usd: round(result.annualLoss.percentilesUsd.p99),
      expectedShortfall99Usd: round(result.annualLoss.expectedShortfall99Usd),
      probabilityAbove1mUsd: result.probabilityAbove1mUsd,
      costIfItHappensP50Usd: round(result.costIfItHappens.percentilesUsd.p50),
    }));
    expect(snapshot).toMatchSnapshot();
  });
});
