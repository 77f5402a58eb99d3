import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { FACTORS } from '@/engine/factors.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { oneAnswerNeighbours, WhatIfEngine, type WhatIfRun } from './what-if-engine.ts';

const SETTINGS = { seed: 7, iterations: 20_000 };
const current: WhatIfRun = { input: SAMPLE_CLINIC_INPUT, ...SETTINGS };
/** What the what-if panel sends when one answer changes (`results-with-what-if.tsx`). */
const change = (input: RiskInput, id: (typeof FACTORS)[number]['id'], answer: 'best' | 'partial' | 'worst'): WhatIfRun => ({
  input: { ...input, factors: { ...input.factors, [id]: answer } },
  ...SETTINGS,
});
const fullRun = (run: WhatIfRun) => assessRisk(run.input, { seed: run.seed, iterations: run.iterations, attribution: false });

describe('the what-if foresees one-answer changes (ADR 216)', () => {
  test('every neighbour differs from the current answers in exactly one answer, among that factor’s own options, never "I don\'t know"', () => {
    const neighbours = oneAnswerNeighbours(current);
    const expected = FACTORS.reduce(
      (n, f) => n + f.options.filter((o) => o.value !== (SAMPLE_CLINIC_INPUT.factors[f.id] ?? 'partial')).length,
      0,
    );
    expect(neighbours).toHaveLength(expected);
    for (const n of neighbours) {
      const changed = FACTORS.filter((f) => (n.input.factors[f.id] ?? 'partial') !== (SAMPLE_CLINIC_INPUT.factors[f.id] ?? 'partial'));
      expect(changed).toHaveLength(1);
      expect(n.input.factors[changed[0]!.id]).not.toBe('unknown');
      expect(n.input.organisation).toBe(SAMPLE_CLINIC_INPUT.organisation);
      expect(n).toMatchObject(SETTINGS);
    }
    // Better answers are foreseen first.
    expect(neighbours[0]!.input.factors).toMatchObject({ [FACTORS.find((f) => SAMPLE_CLINIC_INPUT.factors[f.id] !== 'best')!.id]: 'best' });
  });

  test('a foreseen change gives exactly the figures of a full run on the same seed, and is served without a run', () => {
    const engine = new WhatIfEngine();
    expect(engine.figures(current)).toEqual(fullRun(current));
    let steps = 0;
    while (engine.foreseeNext(current)) steps += 1;
    expect(steps).toBe(oneAnswerNeighbours(current).length - 1);
    for (const run of [
      change(SAMPLE_CLINIC_INPUT, 'M2', 'best'),
      change(SAMPLE_CLINIC_INPUT, 'A1', 'partial'),
      change(SAMPLE_CLINIC_INPUT, 'M3', 'worst'),
    ]) {
      expect(engine.isForeseen(run)).toBe(true);
      expect(engine.figures(run)).toEqual(fullRun(run));
    }
  });

  test('an unforeseen change is computed on demand with the same figures', () => {
    const engine = new WhatIfEngine();
    const twoAnswers = change(change(SAMPLE_CLINIC_INPUT, 'M2', 'best').input, 'A1', 'best');
    expect(engine.isForeseen(twoAnswers)).toBe(false);
    expect(engine.figures(twoAnswers)).toEqual(fullRun(twoAnswers));
  });

  test('the key ignores the order the answers were written in, and not the profile', () => {
    const engine = new WhatIfEngine();
    const reordered: WhatIfRun = {
      ...current,
      input: { ...SAMPLE_CLINIC_INPUT, factors: Object.fromEntries(Object.entries(SAMPLE_CLINIC_INPUT.factors).reverse()) },
    };
    engine.figures(current);
    expect(engine.isForeseen(reordered)).toBe(true);
    const otherProfile: WhatIfRun = {
      ...current,
      input: { ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, employees: 121 } },
    };
    expect(engine.isForeseen(otherProfile)).toBe(false);
    expect(engine.isForeseen({ ...current, seed: 8 })).toBe(false);
  });
});

describe('the foreseen figures reach the page (ADR 283)', () => {
  test('every one-answer neighbour is handed over once, with the figures of a full run of that very input', () => {
    const engine = new WhatIfEngine();
    const heard: { run: WhatIfRun; figures: ReturnType<typeof fullRun> }[] = [];
    while (engine.foreseeNext(current, (run, figures) => heard.push({ run, figures }))) {
      // one neighbour per call
    }
    expect(heard).toHaveLength(oneAnswerNeighbours(current).length);
    const sample = heard[3]!;
    expect(sample.figures).toEqual(fullRun(sample.run));
  });
});
