import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
import { FACTORS } from '@/engine/factors.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { calibrationTable, formatTableValue, MethodologyContent } from './methodology-content.tsx';

// The engine side (calibration-table.json = a fresh engine computation) is checked by
// scripts/calibration-table.test.ts; this checks that the page shows exactly those numbers.
test('the methodology page shows every calibration-table row with the engine figures and the current model version', () => {
  render(<MethodologyContent />);
  expect(calibrationTable.engineVersion).toBe(ENGINE_VERSION);
  for (const row of calibrationTable.rows) {
    const tr = screen.getByTestId(`calibration-row-${row.id}`);
    expect(within(tr).getByTestId('model-value')).toHaveTextContent(formatTableValue(row.modelValue, row.unit));
    expect(tr).toHaveTextContent(row.isWithinRange ? 'Yes' : 'No');
  }
});

test('the page states the precision targets and the cap the engine uses, and no longer promises an error below 2%', () => {
  const { container } = render(<MethodologyContent />);
  const text = container.textContent ?? '';
  expect(text).toContain(`${CALIBRATION.precisionTargetStandard.value * 100}%`);
  expect(text).toContain(`${CALIBRATION.precisionTargetBoard.value * 100}%`);
  expect(text).toContain(`${CALIBRATION.perEventCapRevenueMultiple.value} times annual revenue`);
  expect(text).toContain('fines and ransom included');
  expect(text).not.toContain('below 2%');
});

test('the scope and the frequency controls the page names are the engine\'s', () => {
  const { container } = render(<MethodologyContent />);
  const text = container.textContent ?? '';
  expect(text).toContain(`Outside ${CALIBRATION.calibratedEmployeesMin.value}-${CALIBRATION.calibratedEmployeesMax.value} employees, or above $1B revenue`);
  // "Three controls (MFA, patching, hardening) change how often incidents happen": exactly the factors with a frequency effect.
  const frequencyFactors = FACTORS.filter((f) => Object.values(f.frequencyMultiplier).some((m) => m !== 1)).map((f) => f.id);
  expect(frequencyFactors).toEqual(['M3', 'M4', 'M5']);
  expect(text).toContain('Three controls (MFA, patching, hardening) change how often incidents happen');
  // The revenue threshold of the "indicative" flag is the engine's.
  const big = assessRisk({ ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: 1e9 } }, { iterations: 1_000, attribution: false });
  const below = assessRisk({ ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, annualRevenueUsd: 0.999e9 } }, { iterations: 1_000, attribution: false });
  expect(big.warnings.map((w) => w.code)).toContain('revenueAboveSmeTiers');
  expect(below.warnings.map((w) => w.code)).not.toContain('revenueAboveSmeTiers');
});
