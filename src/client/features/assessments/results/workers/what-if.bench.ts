import { bench, describe } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { WhatIfEngine, type WhatIfRun } from './what-if-engine.ts';

/**
 * What the what-if worker (`engine.worker.ts`) does per one-answer change before it can post the
 * figures on screen (ADR 216; figures in docs/benchmarks.md, "What-if within a frame"). Target:
 * median <= 16 ms (one frame). The demo runs 100,000 years; a saved assessment keeps its own
 * precision-chosen count (460,000 years for the clinic sample).
 */
const savedIterations = assessRisk(SAMPLE_CLINIC_INPUT, { seed: 1, attribution: false }).iterations;

function runsFor(iterations: number): { current: WhatIfRun; changes: WhatIfRun[] } {
  const current: WhatIfRun = { input: SAMPLE_CLINIC_INPUT, seed: 1, iterations };
  const change = (answer: 'best' | 'worst'): WhatIfRun => ({
    ...current,
    input: { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M3: answer } },
  });
  return { current, changes: [change('best'), change('worst')] };
}

for (const [label, iterations] of [
  ['demo, 100,000 years', 100_000],
  [`saved clinic assessment, its own ${savedIterations.toLocaleString('en-US')} years`, savedIterations],
] as const) {
  describe(`what-if worker, one answer changed (${label})`, () => {
    const { current, changes } = runsFor(iterations);
    let turn = 0;

    // Each change is new to this engine: the run on the cached draws is the whole cost.
    bench(
      'change not foreseen: first pass computed on the cached draws',
      () => {
        turn += 1;
        new WhatIfEngine().figures(changes[turn % 2] as WhatIfRun);
      },
      { time: 3_000, warmupIterations: 10 },
    );

    // The worker was idle since the previous change and foresaw its one-answer neighbours.
    const prepared = new WhatIfEngine();
    prepared.figures(current);
    while (prepared.foreseeNext(current));
    bench(
      'change foreseen: first pass served from the precomputed neighbours',
      () => {
        turn += 1;
        prepared.figures(changes[turn % 2] as WhatIfRun);
      },
      { time: 1_000, warmupIterations: 10 },
    );

    // The idle work behind a foreseen change: every one-answer neighbour of the new answers.
    bench(
      'foreseeing every one-answer change after a change (idle time in the worker)',
      () => {
        const engine = new WhatIfEngine();
        engine.figures(current);
        while (engine.foreseeNext(current));
      },
      { time: 3_000, warmupIterations: 1, iterations: 3 },
    );
  });
}
