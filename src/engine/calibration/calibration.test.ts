import { describe, expect, test } from 'vitest';
import { CALIBRATION } from './calibration.ts';
import { CONTROL_COSTS } from './control-costs.ts';
import source from './calibration-source.json' with { type: 'json' };
import { FACTORS, FACTOR_IDS } from '../factors.ts';
import { INDUSTRIES } from '../industries.ts';
import { listCalibrationEntries } from '../list-calibration-entries.ts';

function readPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('calibration data', () => {
  test('every number the model uses has a source or an assumption flag', () => {
    const entries = listCalibrationEntries();
    expect(entries.length).toBeGreaterThan(150);
    for (const e of entries) {
      expect(Number.isFinite(e.value), e.key).toBe(true);
      expect(e.source.trim().length, `${e.key} has no source`).toBeGreaterThan(0);
      // A bare "assumption" source must carry the flag, and the flag must be stated in the source text.
      if (/^assumption/i.test(e.source)) expect(e.isAssumption, `${e.key} says assumption but is not flagged`).toBe(true);
    }
    const keys = entries.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('entries flagged as derived state the formula in their source', () => {
    for (const e of Object.values(CALIBRATION)) {
      if (e.isDerived) expect(e.source, e.key).toMatch(/derived/);
    }
  });

  test('every entry with a jsonPath matches calibration.json', () => {
    let checked = 0;
    for (const e of Object.values(CALIBRATION)) {
      if (e.jsonPath === undefined) continue;
      expect(readPath(source, e.jsonPath), `${e.key} (${e.jsonPath})`).toBe(e.value);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });

  test('calibration.json-derived sigmas for large tiers follow ln(p95/p50)/1.645', () => {
    const tiers = source.severity.iris_loss_by_revenue_2024.value;
    expect(CALIBRATION.severitySigma1bTo10b.value).toBeCloseTo(Math.log(tiers['1b_10b'].p95 / tiers['1b_10b'].p50) / 1.645, 3);
    expect(CALIBRATION.severitySigmaGt10b.value).toBeCloseTo(Math.log(tiers.gt_10b.p95 / tiers.gt_10b.p50) / 1.645, 3);
  });

  test('the 19 factor multipliers equal calibration.json proposed_factors', () => {
    expect(FACTORS.map((f) => f.id)).toEqual([...FACTOR_IDS]);
    for (const f of FACTORS) {
      const json = source.proposed_factors.find((p) => p.id === f.id);
      expect(json, f.id).toBeDefined();
      expect(f.severityMultiplier).toEqual(json?.severity_multiplier);
      expect(f.frequencyMultiplier).toEqual(json?.frequency_multiplier);
      expect(f.kind).toBe(json?.type);
      expect(f.options.filter((o) => o.value !== 'notApplicable')).toHaveLength(3);
    }
  });

  test('frequency multipliers follow the shrink-and-recentre rule of docs/methodology.md', () => {
    // m = ratio^-0.5, avg = p m + (1 - p), best = m / avg, worst = 1 / avg.
    const rule = (ratio: number, prevalence: number): [number, number] => {
      const m = Math.pow(ratio, -CALIBRATION.frequencyShrinkageExponent.value);
      const avg = prevalence * m + (1 - prevalence);
      return [m / avg, 1 / avg];
    };
    const check = (id: string, ratio: number, prevalence: number): void => {
      const f = FACTORS.find((x) => x.id === id);
      const [best, worst] = rule(ratio, prevalence);
      expect(f?.frequencyMultiplier.best).toBeCloseTo(best, 2);
      expect(f?.frequencyMultiplier.worst).toBeCloseTo(worst, 2);
    };
    check('M3', CALIBRATION.mfaLikelihoodRatio.value, CALIBRATION.assumedPrevalenceHardeningMfa.value);
    check('M4', CALIBRATION.patchingLikelihoodRatio.value, CALIBRATION.patchingPrevalence.value);
    check('M5', CALIBRATION.hardeningLikelihoodRatio.value, CALIBRATION.assumedPrevalenceHardeningMfa.value);
  });

  test('severity multipliers from IBM Fig 39 deltas follow the 2.385e rule (1 -/+ 2.385 |delta| / 4.88M)', () => {
    const deltas = source.factor_evidence.ibm_2025_fig39_delta_vs_4_88M;
    const k = CALIBRATION.deltaToHalfSpreadFactor.value;
    const cases: [string, number][] = [
      ['M3', deltas.mitigators.iam],
      ['M4', deltas.mitigators.offensive_security_testing],
      ['M6', deltas.mitigators.edr],
      ['M8', deltas.mitigators.encryption],
      ['A6', deltas.amplifiers.iot_ot_impacted],
      ['A8', deltas.amplifiers.remote_workforce],
    ];
    for (const [id, delta] of cases) {
      const e = Math.abs(delta) / 4_880_000;
      const f = FACTORS.find((x) => x.id === id);
      // The design prints 3 decimals (A6 best is 0.9145 rounded up to 0.915): allow 0.001.
      expect(Math.abs((f?.severityMultiplier.best ?? 0) - (1 - k * e)), id).toBeLessThanOrEqual(0.001);
      expect(Math.abs((f?.severityMultiplier.worst ?? 0) - (1 + k * e)), id).toBeLessThanOrEqual(0.001);
    }
  });

  test('every industry points at existing calibration entries', () => {
    for (const i of INDUSTRIES) {
      expect(CALIBRATION[i.frequencyKey].unit).toBe('probability');
      expect(CALIBRATION[i.severityKey].unit).toBe('multiplier');
    }
  });

  test('the control cost table has one sourced or assumption-flagged row per factor with low <= high', () => {
    expect(CONTROL_COSTS.map((c) => c.factorId).sort()).toEqual([...FACTOR_IDS].sort());
    for (const c of CONTROL_COSTS) {
      expect(c.source.length).toBeGreaterThan(0);
      expect(c.isAssumption || !/assumption/i.test(c.source)).toBe(true);
      expect(c.fixedLowUsd).toBeLessThanOrEqual(c.fixedHighUsd);
      expect(c.perEmployeeLowUsd).toBeLessThanOrEqual(c.perEmployeeHighUsd);
    }
  });
});
