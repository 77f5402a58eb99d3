import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationEntry } from './calibration/calibration.ts';
import { CONTROL_COSTS } from './calibration/control-costs.ts';
import { FACTORS } from './factors.ts';
import { FACTOR_SCENARIO_EXPOSURE, FACTOR_SCENARIO_WEIGHTS, LOSS_SCENARIOS, LOSS_SCENARIO_COUNT } from './loss-scenarios.ts';

/** One row of the methodology page: every number the model uses, with its source or assumption flag. */
type MethodologyEntry = Pick<CalibrationEntry, 'key' | 'label' | 'value' | 'unit' | 'source' | 'isAssumption'>;

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
  entries.push(...listLossScenarioEntries());
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

/** The named loss scenarios (ADR 223): frequency share, severity structure and each factor's weight, with sources. */
function listLossScenarioEntries(): MethodologyEntry[] {
  const entries: MethodologyEntry[] = [];
  LOSS_SCENARIOS.forEach((s, index) => {
    const fields = [
      ['frequencyShare', 'share of incidents', 'probability', s.frequencyShare],
      ['relativeMeanCostUsd', 'mean cost of an SME claim (relative size)', 'usd', s.relativeMeanCostUsd],
      ['interruptionShare', 'share of response + interruption that is interruption / money lost', 'probability', s.interruptionShare],
      ['recordsExposureWeight', 'relative chance of exposing records', 'ratio', s.recordsExposureWeight],
      ['fineWeight', 'relative chance of a fine', 'ratio', s.fineWeight],
    ] as const;
    for (const [field, label, unit, value] of fields) entries.push({ key: `lossScenario.${s.id}.${field}`, label: `${s.label}: ${label}`, value: value.value, unit, source: value.source, isAssumption: value.isAssumption });
    FACTORS.forEach((f, i) => {
      const weight = FACTOR_SCENARIO_WEIGHTS[i * LOSS_SCENARIO_COUNT + index] as number;
      entries.push({ key: `lossScenario.${s.id}.factor.${f.id}`, label: `${s.label}: weight of ${f.id} ${f.name}`, value: weight, unit: 'multiplier', source: `assumption (ADR 223): ${FACTOR_SCENARIO_EXPOSURE[f.id].reason}`, isAssumption: true });
    });
  });
  return entries;
}
