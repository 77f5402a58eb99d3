import { bench, describe } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import type { FactorAnswer } from './factors.ts';
import { createUniformAnswers, SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';
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

/** The business leader's path with three "I don't know" answers: six factors unknown, drawn per simulated year (ADR 101). */
const BUSINESS_WITH_UNKNOWNS = {
  ...SAMPLE_CLINIC_INPUT,
  factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: 'unknown', M6: 'unknown', M7: 'unknown', M9: 'unknown', A1: 'unknown', A2: 'unknown' },
} as const;

describe('assessRisk with six unknown answers (clinic sample)', () => {
  bench(
    'what the server runs at completion: precise by default, with attribution',
    () => {
      assessRisk(BUSINESS_WITH_UNKNOWNS, { seed: nextSeed(), attribution: true });
    },
    { time: 6_000, warmupIterations: 1 },
  );
});

/**
 * Every answer "I don't know" beside a typical run (ADR 268, ADR 309): the same clinic, what the server
 * runs at completion (precise by default, with attribution). No compliance evidence, so all 19 answers
 * stay unknown. Target: the second within 2x the first (vitest prints the ratio of the means, wall time);
 * `npm run bench:unknown` gives the CPU time of both, alternated, for three profiles.
 */
const EVERY_ANSWER_UNKNOWN = { ...SAMPLE_CLINIC_INPUT, frameworks: {}, factors: createUniformAnswers('unknown') };

describe('every answer unknown beside a typical run (clinic sample, what the server runs at completion)', () => {
  bench(
    'typical: the clinic sample as answered',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { seed: nextSeed(), attribution: true });
    },
    { time: 4_000, warmupIterations: 2 },
  );
  bench(
    'every answer "I don\'t know"',
    () => {
      assessRisk(EVERY_ANSWER_UNKNOWN, { seed: nextSeed(), attribution: true });
    },
    { time: 6_000, warmupIterations: 1 },
  );
});

/**
 * What the live what-if runs per change (the worker's first pass, `features/assessments/results/workers/engine.worker.ts`):
 * the same profile, seed and iterations as the figures on screen, one answer changed, no attribution; the
 * draws are cached, so this is the re-score alone. The demo runs 100,000 years; a saved assessment keeps its
 * own precision-chosen count (460,000 years for the clinic sample). Target: median <= 16 ms (one frame, ADR 216).
 */
describe('what-if, one answer changed (the worker first pass: figures on screen)', () => {
  const savedIterations = assessRisk(SAMPLE_CLINIC_INPUT, { seed: 1, attribution: false }).iterations;
  let flip = false;
  const changeOneAnswer = (iterations: number) => () => {
    flip = !flip;
    const m3: FactorAnswer = flip ? 'best' : 'partial';
    assessRisk({ ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: m3 } }, { iterations, seed: 1, attribution: false });
  };
  bench('demo: clinic sample, 100,000 years', changeOneAnswer(100_000), { time: 2_000, warmupIterations: 10 });
  bench(`saved clinic assessment: its own ${savedIterations.toLocaleString('en-US')} years`, changeOneAnswer(savedIterations), { time: 3_000, warmupIterations: 10 });
});

/**
 * The cost of the parameter-uncertainty range (ADR 199) on a standard run: the same precision-chosen
 * run with attribution, with and without it. Target: the second within ~25% of the first.
 */
describe('parameter uncertainty: added time on a standard run (clinic sample)', () => {
  bench(
    'standard run (SE ≤ 1%, attribution), without parameter uncertainty',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { seed: nextSeed(), parameterUncertainty: false });
    },
    { time: 4_000, warmupIterations: 3 },
  );
  bench(
    'standard run (SE ≤ 1%, attribution), with parameter uncertainty (60 draws, 20,000-year pool)',
    () => {
      assessRisk(SAMPLE_CLINIC_INPUT, { seed: nextSeed() });
    },
    { time: 4_000, warmupIterations: 3 },
  );
});
