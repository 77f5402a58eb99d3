import { describe, expect, test } from 'vitest';
import { assessRisk } from './assess-risk.ts';
import { CALIBRATION } from './calibration/calibration.ts';
import { explain } from './explain.ts';
import { SAMPLE_CLINIC_INPUT } from './sample-inputs.ts';

describe('explain', () => {
  const result = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 20_000, seed: 2 });
  const explanation = explain(result);

  test('covers frequency, severity, fines, ransom, annual loss, cost if it happens, score, drivers, insurance and population', () => {
    expect(explanation.steps.map((s) => s.id)).toEqual(['frequency', 'severity', 'fines', 'ransom', 'annualLoss', 'costIfItHappens', 'riskScore', 'attribution', 'insurance', 'population']);
  });

  test('names the unknown answers and how far each moves the expected loss', () => {
    const withUnknown = explain(assessRisk({ ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M6: 'unknown' } }, { iterations: 20_000, seed: 2, attribution: false }));
    const step = withUnknown.steps.find((s) => s.id === 'unknownAnswers');
    // Named as the questionnaire names it, never by its code (ADR 314).
    expect(step?.text).toContain('Endpoint detection');
    expect(step?.text).not.toMatch(/\bM6\b/);
    expect(explanation.steps.some((s) => s.id === 'unknownAnswers')).toBe(false);
  });

  test('states the precision reached and the cap on the whole incident', () => {
    expect(explanation.text).toMatch(/standard error \$[\d.,]+K?, [\d.]+% of the ALE/);
    expect(explanation.text).toContain('fines and ransom included, is capped at');
  });

  test('every figure is traced to a calibration entry or to the computation that made it', () => {
    for (const step of explanation.steps) {
      for (const f of step.figures) {
        expect(f.source.length).toBeGreaterThan(0);
        if (f.sourceKey !== null) {
          expect(CALIBRATION[f.sourceKey].value).toBe(f.value);
          expect(f.source).toBe(CALIBRATION[f.sourceKey].source);
        }
      }
    }
  });

  test('states the headline ALE, the tier probability and the median loss per incident in words', () => {
    const ale = explanation.steps.find((s) => s.id === 'annualLoss');
    expect(ale?.figures[0]?.value).toBe(result.annualLoss.expectedUsd);
    expect(explanation.text).toContain(`${(100 * result.derivation.frequencyTierProbability).toFixed(2)}%`);
    expect(explanation.text).toMatch(/response and forensics \(median \$[\d.,]+K? at average posture/);
    expect(explanation.text).toContain('business interruption');
    expect(explanation.text).toContain('is capped at');
    expect(explanation.text).toContain('expected annual loss (ALE)');
  });
});
