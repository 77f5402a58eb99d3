import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationEntry, CalibrationUnit } from './calibration/calibration.ts';
import { CONTROL_COSTS } from './calibration/control-costs.ts';
import { FACTORS } from './factors.ts';

/** One row of the methodology page: every number the model uses, with its source or assumption flag. */
interface MethodologyEntry {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  readonly unit: CalibrationUnit;
  readonly source: string;
  readonly isAssumption: boolean;
}

/**
 * Every number the model uses, for the methodology page: the calibration
 * table, the 19 factors' multipliers (best / partial / worst, severity and
 * frequency) and the default control cost table.
 */
export function listCalibrationEntries(): MethodologyEntry[] {
  const entries: MethodologyEntry[] = Object.values(CALIBRATION).map((e: CalibrationEntry) => ({
    key: e.key,
    label: e.label,
    value: e.value,
    unit: e.unit,
    source: e.source,
    isAssumption: e.isAssumption,
  }));
  for (const f of FACTORS) {
    for (const level of ['best', 'partial', 'worst'] as const) {
      entries.push({ key: `factor.${f.id}.severity.${level}`, label: `${f.id} ${f.name}: severity multiplier (${level})`, value: f.severityMultiplier[level], unit: 'multiplier', source: f.source, isAssumption: f.isAssumption });
      entries.push({ key: `factor.${f.id}.frequency.${level}`, label: `${f.id} ${f.name}: frequency multiplier (${level})`, value: f.frequencyMultiplier[level], unit: 'multiplier', source: f.frequencyMultiplier[level] === 1 ? `${f.source} (no frequency effect: 1.0)` : f.source, isAssumption: f.isAssumption });
    }
  }
  for (const c of CONTROL_COSTS) {
    const fields = [
      ['fixedLowUsd', 'fixed cost, low'],
      ['fixedHighUsd', 'fixed cost, high'],
      ['perEmployeeLowUsd', 'cost per employee, low'],
      ['perEmployeeHighUsd', 'cost per employee, high'],
    ] as const;
    for (const [field, label] of fields) {
      entries.push({ key: `controlCost.${c.factorId}.${field}`, label: `${c.factorId} ${c.description}: annual ${label}`, value: c[field], unit: 'usd', source: c.source, isAssumption: c.isAssumption });
    }
  }
  return entries;
}
