import { bench, describe } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';
import { simulateAnnualLoss } from './simulate-annual-loss.ts';

// Figures and the command that reproduces them: docs/benchmarks.md ("Engine").
let seed = 0;
const nextSeed = (): number => (seed = (seed + 1) % 1000);

describe('simulateAnnualLoss', () => {
  bench(
    'Poisson(0.12) x lognormal(357K, 1.969), 100,000 years',
    () => {
      simulateAnnualLoss({
        frequency: { kind: 'poisson', rate: 0.12 },
        severity: { kind: 'lognormal', median: 357_000, sigma: 1.969, cap: 75_000_000 },
        iterations: 100_000,
        seed: nextSeed(),
      });
    },
    { time: 2_000, warmupIterations: 10 },
  );
});

describe('assessRisk (120-person clinic sample)', () => {
  bench(
    'full model, 100,000 years, without attribution',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 100_000, seed: nextSeed(), attribution: false });
    },
    { time: 3_000, warmupIterations: 10 },
  );
  bench(
    'full model, 100,000 years, with one-at-a-time, Shapley (200 permutations) and recommendations',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 100_000, seed: nextSeed(), attribution: true });
    },
    { time: 4_000, warmupIterations: 5 },
  );
  bench(
    'precise by default (SE ≤ 1% of the expected loss; iterations chosen by the engine), without attribution',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { seed: nextSeed(), attribution: false });
    },
    { time: 3_000, warmupIterations: 3 },
  );
  let flip = false;
  bench(
    'what-if re-score: same profile and seed, one answer changed (cached draws), with attribution',
    () => {
      flip = !flip;
      assessRisk({ ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: flip ? 'best' : 'partial' } }, { iterations: 100_000, seed: 42 });
    },
    { time: 2_000, warmupIterations: 5 },
  );
});
