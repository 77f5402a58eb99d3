// Every calibration row must be able to fail both ways: a lower bound of $0 accepts any model that is
// too cheap (risk model 3.1, ADR 264 context).
import { describe, expect, test } from 'vitest';
import { buildCalibrationTable, SMALL_FIRM_EXAMPLE } from './calibration-table.ts';

describe('calibration table', () => {
  const rows = buildCalibrationTable([SMALL_FIRM_EXAMPLE], { iterations: 40_000, seed: 3 });

  test('every row has two-sided bounds: a positive lower bound below its upper bound', () => {
    expect(rows.length).toBeGreaterThanOrEqual(55);
    for (const r of rows) expect([r.id, r.rangeLow > 0 && r.rangeHigh > r.rangeLow]).toEqual([r.id, true]);
  });

  test('the median per incident by NetDiligence band and industry lies within its two-sided range', () => {
    const medians = rows.filter((r) => r.group === 'severityByBand' && r.metric.startsWith('Median'));
    expect(medians).toHaveLength(16);
    for (const r of medians) expect([r.id, r.isWithinRange]).toEqual([r.id, true]);
    // Fails low: half the lower bound would be flagged.
    for (const r of medians) expect(r.modelValue / r.rangeLow).toBeGreaterThan(1);
  });
}, 120_000);
