import { describe, expect, it } from 'vitest';
import { StoredRiskResultSchema } from '../contracts/risk.ts';
import { assessRisk } from './assess-risk.ts';
import { countBlocks, sampleLossDraws } from './loss-draws.ts';
import { buildModelParameters } from './model-parameters.ts';
import {
  CENTRAL_MULTIPLIERS,
  UNCERTAIN_PARAMETERS,
  createPool,
  evaluateOnPool,
  perturbModelParameters,
  rescaleDraws,
} from './parameter-uncertainty.ts';
import type { UncertaintyRange } from './parameter-uncertainty.ts';
import type { RiskInput } from './risk-input.ts';
import type { RiskResult } from './risk-result.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

const RUN = { iterations: 100_000, seed: 7, attribution: false } as const;

function uncertaintyOf(result: RiskResult) {
  const u = result.parameterUncertainty;
  if (u === undefined) throw new Error('expected a parameter uncertainty');
  return u;
}

const ranges = (result: RiskResult): UncertaintyRange[] => {
  const u = uncertaintyOf(result);
  return [u.expectedAnnualLossUsd, u.oneInTwentyYearUsd, u.oneInHundredYearUsd];
};
const width = (r: UncertaintyRange): number => r.high - r.low;

describe('parameter uncertainty (ADR 199)', () => {
  const clinic = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: true });

  it('is built around the main run: central is the run figure, low <= central <= high', () => {
    const u = uncertaintyOf(clinic);
    expect(u.level).toBe(0.8);
    expect(u.expectedAnnualLossUsd.central).toBe(clinic.annualLoss.expectedUsd);
    expect(u.oneInTwentyYearUsd.central).toBe(clinic.annualLoss.percentilesUsd.p95);
    expect(u.oneInHundredYearUsd.central).toBe(clinic.annualLoss.percentilesUsd.p99);
    for (const r of ranges(clinic)) {
      expect(r.low).toBeLessThan(r.central);
      expect(r.high).toBeGreaterThan(r.central);
    }
    // Every calibration parameter, plus the population bridge between IRIS and NetDiligence (ADR 264).
    expect(u.sources).toHaveLength(UNCERTAIN_PARAMETERS.length + 1);
    for (const s of u.sources) expect(s.source.length).toBeGreaterThan(20);
  });

  it('is deterministic: same input and seed, same range, however the draws are chunked', () => {
    const again = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: true, chunks: 3 });
    expect(again.parameterUncertainty).toEqual(clinic.parameterUncertainty);
    const otherSeed = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, seed: 8, parameterUncertainty: true });
    expect(otherSeed.parameterUncertainty?.expectedAnnualLossUsd).not.toEqual(clinic.parameterUncertainty?.expectedAnnualLossUsd);
  });

  it('collapses to the central figure when every range is zero', () => {
    const exact = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: { rangeScale: 0 } });
    for (const r of ranges(exact)) {
      expect(r.low).toBe(r.central);
      expect(r.high).toBe(r.central);
    }
  });

  it('widens when the parameter ranges widen', () => {
    const narrow = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: { rangeScale: 0.5 } });
    const wide = assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: { rangeScale: 2 } });
    const [n, c, w] = [narrow, clinic, wide].map((r) => ranges(r));
    for (let i = 0; i < 3; i++) {
      expect(width((c as UncertaintyRange[])[i] as UncertaintyRange)).toBeGreaterThan(
        width((n as UncertaintyRange[])[i] as UncertaintyRange),
      );
      expect(width((w as UncertaintyRange[])[i] as UncertaintyRange)).toBeGreaterThan(
        width((c as UncertaintyRange[])[i] as UncertaintyRange),
      );
    }
  });

  it('is much wider than the simulation noise of a typical clinic run (SE <= 1%)', () => {
    const precise = assessRisk(SAMPLE_CLINIC_INPUT, { seed: 1 });
    const eal = uncertaintyOf(precise).expectedAnnualLossUsd;
    expect(precise.precision.relativeStandardError).toBeLessThanOrEqual(0.01);
    expect(width(eal)).toBeGreaterThan(20 * precise.annualLoss.standardErrorUsd);
    // Both sides of the 80% range are at least 15% from the central figure.
    expect(eal.low).toBeLessThan(0.85 * eal.central);
    expect(eal.high).toBeGreaterThan(1.15 * eal.central);
  });

  it('is computed on full runs by default and skipped on quick re-scores', () => {
    expect(assessRisk(SAMPLE_CLINIC_INPUT, RUN).parameterUncertainty).toBeUndefined();
    expect(assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 20_000, seed: 7 }).parameterUncertainty).toBeDefined();
    expect(
      assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 20_000, seed: 7, parameterUncertainty: false }).parameterUncertainty,
    ).toBeUndefined();
  });

  it('rejects invalid options, naming them', () => {
    expect(() => assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: { rangeScale: -1 } })).toThrow(
      /parameterUncertainty.rangeScale/,
    );
    expect(() => assessRisk(SAMPLE_CLINIC_INPUT, { ...RUN, parameterUncertainty: { outerDraws: 2 } })).toThrow(
      /parameterUncertainty.outerDraws/,
    );
  });

  it('parses as part of a stored result', () => {
    const parsed = StoredRiskResultSchema.parse(JSON.parse(JSON.stringify(clinic)));
    expect(parsed.parameterUncertainty?.expectedAnnualLossUsd).toEqual(clinic.parameterUncertainty?.expectedAnnualLossUsd);
  });
});

describe('perturbModelParameters and the pool rescaling', () => {
  const params = buildModelParameters(SAMPLE_CLINIC_INPUT.organisation, SAMPLE_CLINIC_INPUT.frameworks);

  it('leaves the parameters as they are at the central multipliers', () => {
    const same = perturbModelParameters(params, CENTRAL_MULTIPLIERS);
    expect(same.meanEventsAtAverage).toBeCloseTo(params.meanEventsAtAverage, 15);
    expect(same.medianUsd).toBe(params.medianUsd);
    expect(same.sigma).toBe(params.sigma);
    expect(same.psi).toBe(params.psi);
  });

  it('keeps the mean cost per incident when only sigma moves, and moves it with the mean multiplier', () => {
    const mean = (p: { medianUsd: number; sigma: number }): number => p.medianUsd * Math.exp((p.sigma * p.sigma) / 2);
    const wider = perturbModelParameters(params, { ...CENTRAL_MULTIPLIERS, incidentCostSigma: 1.2 });
    expect(wider.sigma).toBeCloseTo(1.2 * params.sigma, 12);
    expect(mean(wider) / mean(params)).toBeCloseTo(1, 12);
    const dearer = perturbModelParameters(params, { ...CENTRAL_MULTIPLIERS, incidentCostMean: 1.5 });
    expect(mean(dearer) / mean(params)).toBeCloseTo(1.5, 12);
  });

  it('raises the mean count with the incident probability', () => {
    const more = perturbModelParameters(params, { ...CENTRAL_MULTIPLIERS, incidentProbability: 1.3 });
    expect(more.targetProbability).toBeCloseTo(1.3 * params.targetProbability, 12);
    expect(more.meanEventsAtAverage).toBeGreaterThan(1.3 * params.meanEventsAtAverage);
  });

  it('gives back the draws at the central parameters (the rescaling matches how loss-draws.ts builds costs)', () => {
    const draws = sampleLossDraws(params, 3, 20_000, 0, countBlocks(20_000));
    const rescaled = rescaleDraws(createPool(draws, params), params, params);
    for (let e = 0; e < draws.eventCount; e++) expect(rescaled.coreLossUsd[e]).toBeCloseTo(draws.coreLossUsd[e] as number, 6);
    expect(rescaled.recordsLossUsd).toEqual(draws.recordsLossUsd);
    expect(rescaled.fineAmountUsd).toEqual(draws.fineAmountUsd);
    expect(rescaled.ransomUsd).toEqual(draws.ransomUsd);
  });

  it('thins the pool so the expected loss follows the mean count (common random numbers)', () => {
    const clinic = assessRisk(SAMPLE_CLINIC_INPUT, RUN);
    const m = { ...CENTRAL_MULTIPLIERS, incidentProbability: 1.25 };
    const k = perturbModelParameters(params, m).meanEventsAtAverage / params.meanEventsAtAverage;
    // A pool wide enough for k x the largest answer multiplier, as measureParameterUncertainty sizes it.
    const draws = sampleLossDraws(
      { ...params, maxFrequencyMultiplier: k * params.maxFrequencyMultiplier },
      3,
      100_000,
      0,
      countBlocks(100_000),
    );
    const pool = createPool(draws, params);
    const buffer = new Float64Array(draws.slotCount);
    const [central] = evaluateOnPool(pool, params, clinic.factorAnswers, CENTRAL_MULTIPLIERS, buffer);
    const [more] = evaluateOnPool(pool, params, clinic.factorAnswers, m, buffer);
    expect(more / central).toBeGreaterThan(0.97 * k);
    expect(more / central).toBeLessThan(1.03 * k);
    // The pool's central figure is an estimate of the same expected loss as the main run.
    expect(central / clinic.annualLoss.expectedUsd).toBeGreaterThan(0.85);
    expect(central / clinic.annualLoss.expectedUsd).toBeLessThan(1.15);
  });

  it('scales the cost draws of the pool by the multipliers', () => {
    const draws = sampleLossDraws(params, 3, 20_000, 0, countBlocks(20_000));
    const perturbed = perturbModelParameters(params, { ...CENTRAL_MULTIPLIERS, incidentCostMean: 2, ransom: 0.5 });
    const rescaled = rescaleDraws(createPool(draws, params), params, perturbed);
    for (let e = 0; e < Math.min(500, draws.eventCount); e++) {
      expect(rescaled.coreLossUsd[e]).toBeCloseTo(2 * (draws.coreLossUsd[e] as number), 6);
      expect(rescaled.ransomUsd[e]).toBeCloseTo(0.5 * (draws.ransomUsd[e] as number), 6);
    }
  });
});

describe('the range "I don\'t know" answers add', () => {
  // M2 and M5 (hardening: a frequency control) have no HIPAA evidence that would replace "unknown".
  const withUnknowns: RiskInput = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'unknown', M5: 'unknown' } };

  it('is every unknown answered best and worst on the same draws', () => {
    const result = assessRisk(withUnknowns, RUN);
    const range = result.unknownAnswersRangeUsd;
    if (range === undefined) throw new Error('expected a range');
    const ale = result.annualLoss.expectedUsd;
    expect(range.low).toBeLessThan(ale);
    expect(range.high).toBeGreaterThan(ale);
    // Both unknowns at once reach further than either alone.
    for (const f of result.unknownFactors) {
      expect(range.low).toBeLessThanOrEqual(f.expectedAnnualLossIfBestUsd);
      expect(range.high).toBeGreaterThanOrEqual(f.expectedAnnualLossIfWorstUsd);
    }
    const allBest = assessRisk({ ...withUnknowns, factors: { ...withUnknowns.factors, M2: 'best', M5: 'best' } }, RUN);
    expect(range.low).toBeCloseTo(allBest.annualLoss.expectedUsd, 6);
  });

  it('is absent when nothing is unknown', () => {
    expect(assessRisk(SAMPLE_CLINIC_INPUT, RUN).unknownAnswersRangeUsd).toBeUndefined();
  });

  it('keeps the parameter range computable with unknown answers', () => {
    const result = assessRisk(withUnknowns, { ...RUN, parameterUncertainty: true });
    for (const r of ranges(result)) {
      expect(r.low).toBeLessThanOrEqual(r.central);
      expect(r.high).toBeGreaterThanOrEqual(r.central);
    }
    expect(width(uncertaintyOf(result).expectedAnnualLossUsd)).toBeGreaterThan(0);
  });
});
