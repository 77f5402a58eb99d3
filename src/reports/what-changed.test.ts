import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { completedAssessment } from './test-fixtures.ts';
import { computeWhatChanged, computeWhatChangedWith, expectedLossOf, type EngineRun } from './what-changed.ts';

const ITERATIONS = 100_000;
const ale = (input: RiskInput, seed: number) =>
  assessRisk(input, { seed, iterations: ITERATIONS, attribution: false }).annualLoss.expectedUsd;

describe('what changed since the last assessment', () => {
  const before = SAMPLE_CLINIC_INPUT;
  // One factor and the revenue differ (acceptance 3).
  const after: RiskInput = {
    ...before,
    organisation: { ...before.organisation, annualRevenueUsd: 30_000_000 },
    factors: { ...before.factors, M2: 'best' },
  };
  const previous = completedAssessment('a', before, '2025-01-10T00:00:00.000Z', 7);
  const current = completedAssessment('b', after, '2026-01-10T00:00:00.000Z', 7);
  const change = computeWhatChanged(previous, current);

  test('the steps sum to the difference of the two stored expected annual losses', () => {
    const sum = change.steps.reduce((s, step) => s + step.deltaUsd, 0);
    expect(change.totalDeltaUsd).toBe(current.result.annualLoss.expectedUsd - previous.result.annualLoss.expectedUsd);
    expect(sum).toBeCloseTo(change.totalDeltaUsd, 6);
    expect(change.steps[0]?.fromUsd).toBe(previous.result.annualLoss.expectedUsd);
    expect(change.steps.at(-1)?.toUsd).toBe(current.result.annualLoss.expectedUsd);
  });

  test('each step equals a direct engine re-run on the same seed, one group of inputs changed at a time', () => {
    const withFactor: RiskInput = { ...before, factors: after.factors };
    const byId = Object.fromEntries(change.steps.map((s) => [s.id, s]));
    expect(byId.model?.deltaUsd).toBe(0);
    expect(byId.factors?.deltaUsd).toBe(ale(withFactor, 7) - ale(before, 7));
    expect(byId.frameworks?.deltaUsd).toBe(0);
    expect(byId.profile?.deltaUsd).toBe(ale(after, 7) - ale(withFactor, 7));
    expect(byId.factors?.deltaUsd).toBeLessThan(0);
    expect(byId.profile?.deltaUsd).not.toBe(0);
    expect(change.steps.map((s) => s.id)).toEqual(['model', 'factors', 'frameworks', 'profile']);
  });

  test('with its engine runs handed out (as a server hands them to a worker), the waterfall is the same, figure for figure', async () => {
    const runs: EngineRun[] = [];
    const handedOut = await computeWhatChangedWith(previous, current, async (run) => {
      runs.push(run);
      return expectedLossOf(run);
    });
    expect(handedOut).toEqual(change);
    expect(runs).toHaveLength(4);
    expect(runs.map((r) => [r.seed, r.iterations])).toEqual(Array.from({ length: 4 }, () => [7, current.result.iterations]));
    expect(runs[3]?.input).toEqual(after);
  });

  test('results stored at the precision-targeted default are re-run on their own simulated years, so the steps stay exact', () => {
    // The server stores results without a fixed count (engine 2.0 picks it for the precision target).
    const stored = (id: string, input: RiskInput, at: string) => ({
      id,
      title: id,
      completedAt: at,
      input,
      result: assessRisk(input, { seed: 7, attribution: false }),
    });
    const a = stored('a', before, '2025-01-10T00:00:00.000Z');
    const b = stored('b', after, '2026-01-10T00:00:00.000Z');
    expect(b.result.precision.mode).toBe('standard');
    const precise = computeWhatChanged(a, b);
    expect(precise.iterations).toBe(b.result.iterations);
    expect(precise.steps.map((s) => s.id)).toEqual(['model', 'factors', 'frameworks', 'profile']);
    expect(precise.steps.at(-1)?.toUsd).toBe(b.result.annualLoss.expectedUsd);
    const direct = (input: RiskInput) =>
      assessRisk(input, { seed: 7, iterations: b.result.iterations, attribution: false }).annualLoss.expectedUsd;
    expect(precise.steps[1]?.toUsd).toBe(direct({ ...before, factors: after.factors }));
  });

  test('each step names what changed in plain words', () => {
    const byId = Object.fromEntries(change.steps.map((s) => [s.id, s]));
    expect(byId.factors?.changes).toEqual(['M2 Incident response plan, tested: worst → best']);
    expect(byId.profile?.changes).toEqual(['Annual revenue $18,000,000 → $30,000,000']);
    expect(byId.frameworks?.changes).toEqual([]);
  });

  test('a different seed shows up in the model step, and the later steps use the current seed', () => {
    const other = completedAssessment('c', before, '2025-01-10T00:00:00.000Z', 99);
    const seeded = computeWhatChanged(other, current);
    const model = seeded.steps[0];
    expect(model?.id).toBe('model');
    expect(model?.changes).toEqual(['Simulation seed 99 → 7']);
    expect(model?.toUsd).toBe(ale(before, 7));
    expect(model?.deltaUsd).toBe(ale(before, 7) - other.result.annualLoss.expectedUsd);
  });

  test('framework status changes are their own step', () => {
    const certified: RiskInput = { ...before, frameworks: { ...before.frameworks, hipaa: { status: 'compliant', since: '2025-06-01' } } };
    const next = completedAssessment('d', certified, '2026-01-10T00:00:00.000Z', 7);
    const result = computeWhatChanged(completedAssessment('e', before, '2025-01-10T00:00:00.000Z', 7), next);
    const frameworks = result.steps.find((s) => s.id === 'frameworks');
    expect(frameworks?.deltaUsd).toBe(ale(certified, 7) - ale(before, 7));
    expect(frameworks?.changes).toEqual(['HIPAA Security Rule: in progress → compliant (since 2025-06-01)']);
    expect(result.steps.find((s) => s.id === 'factors')?.deltaUsd).toBe(0);
  });
});
