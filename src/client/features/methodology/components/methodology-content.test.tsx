import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { CALIBRATION } from '@/engine/calibration/calibration.ts';
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
