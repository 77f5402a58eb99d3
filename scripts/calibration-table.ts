/**
 * Writes the calibration table of the methodology page from the engine itself:
 * `npm run calibration-table` → src/client/features/methodology/calibration-table.json.
 * `scripts/calibration-table.test.ts` recomputes it and fails when the file and the engine differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCalibrationTable, SMALL_FIRM_EXAMPLE } from '../src/engine/calibration-table.ts';
import type { CalibrationExample, CalibrationTableRow } from '../src/engine/calibration-table.ts';
import { ENGINE_VERSION } from '../src/engine/engine-version.ts';
import type { RiskInput } from '../src/engine/risk-input.ts';

/** The shipped examples plus the $2M firm. */
export const SHIPPED_EXAMPLES = ['clinic-120', 'credit-union-60', 'manufacturer-300'] as const;

export function loadCalibrationExamples(): CalibrationExample[] {
  const shipped = SHIPPED_EXAMPLES.map((name) => ({
    label: `examples/${name}.json`,
    input: JSON.parse(readFileSync(fileURLToPath(new URL(`../examples/${name}.json`, import.meta.url)), 'utf8')) as RiskInput,
  }));
  return [...shipped, SMALL_FIRM_EXAMPLE];
}

/** The file the methodology page renders. */
export const CALIBRATION_TABLE_PATH = fileURLToPath(new URL('../src/client/features/methodology/calibration-table.json', import.meta.url));

export interface CalibrationTableFile {
  readonly engineVersion: string;
  readonly command: string;
  readonly rows: readonly CalibrationTableRow[];
}

export function buildCalibrationTableFile(): CalibrationTableFile {
  return { engineVersion: ENGINE_VERSION, command: 'npm run calibration-table', rows: buildCalibrationTable(loadCalibrationExamples()) };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = buildCalibrationTableFile();
  writeFileSync(CALIBRATION_TABLE_PATH, `${JSON.stringify(file, null, 2)}\n`);
  const outside = file.rows.filter((r) => !r.isWithinRange);
  for (const r of file.rows) console.log(`${r.isWithinRange ? 'ok ' : 'OUT'} ${r.subject} | ${r.industry ?? ''} | ${r.metric}: model ${r.modelValue.toPrecision(4)} range [${r.rangeLow.toPrecision(3)}, ${r.rangeHigh.toPrecision(3)}]`);
  console.log(`${file.rows.length} rows, ${outside.length} outside their range; wrote ${CALIBRATION_TABLE_PATH}`);
  if (outside.length > 0) process.exitCode = 1;
}
