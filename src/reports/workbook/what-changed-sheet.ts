import type ExcelJS from 'exceljs';
import { FACTORS } from '@/engine/factors.ts';
import type { WhatChanged } from '../what-changed.ts';
import { FormulaSheet, USD_CENTS } from './formula-sheet.ts';

/** Where the current assessment's expected loss is recomputed in this workbook, with its cached value. */
export interface CellLink {
  readonly ref: string;
  readonly value: number;
  readonly how: string;
}

/** A change line with the factor's plain name only ("MFA and access control: partial → best", not "M3 MFA …"). */
function withPlainName(line: string): string {
  const factor = FACTORS.find((f) => line.startsWith(`${f.id} ${f.name}`));
  return factor === undefined ? line : line.slice(factor.id.length + 1);
}

/**
 * The "what changed" waterfall: each bar is the difference of two expected losses, the bars
 * chain from the previous assessment's figure to this one's, and their sum is the total
 * change. The re-runs in between are engine runs on other inputs (seed and years stated) and
 * are listed as such; the end of the chain is this workbook's own live expected loss.
 */
export function addWhatChangedSheet(workbook: ExcelJS.Workbook, change: WhatChanged, currentAle: CellLink): FormulaSheet {
  const f = new FormulaSheet(workbook.addWorksheet('What changed'), 'In the report');
  const { previous, current, steps } = change;
  f.heading(
    `From "${previous.title}" (${previous.completedAt.slice(0, 10)}, model ${previous.engineVersion}) to "${current.title}" (${current.completedAt.slice(0, 10)}, model ${current.engineVersion})`,
  );
  f.heading(
    `Each re-run changes one group of inputs, on seed ${change.seed} and ${change.iterations.toLocaleString('en-US')} simulated years, so each bar is that group's effect alone.`,
    false,
  );
  f.input(
    'previous',
    'Expected annual loss of the previous assessment (USD)',
    previous.aleUsd,
    'stored with the previous assessment',
    USD_CENTS,
  );
  let from = 'previous';
  steps.forEach((step, i) => {
    const to = `to-${i}`;
    f.heading(step.label);
    for (const line of step.changes) f.heading(`  ${withPlainName(line)}`, false);
    if (i === steps.length - 1)
      f.formula(
        to,
        `Expected annual loss after this step: this assessment (USD)`,
        step.toUsd,
        currentAle.ref,
        currentAle.how,
        USD_CENTS,
        currentAle.value,
      );
    else
      f.input(
        to,
        'Expected annual loss after this step (USD)',
        step.toUsd,
        `engine re-run with this group changed (seed ${change.seed}, ${change.iterations.toLocaleString('en-US')} years)`,
        USD_CENTS,
      );
    f.formula(
      `delta-${i}`,
      `Change: ${step.label} (USD)`,
      step.deltaUsd,
      `${f.ref(to)}-${f.ref(from)}`,
      'after − before this step',
      USD_CENTS,
      f.value(to) - f.value(from),
    );
    from = to;
  });
  f.heading('Total');
  const last = steps.length === 0 ? 'previous' : from;
  f.formula(
    'total',
    'Change of the expected annual loss since the previous assessment (USD)',
    change.totalDeltaUsd,
    `${f.ref(last)}-${f.ref('previous')}`,
    'this assessment − previous',
    USD_CENTS,
    f.value(last) - f.value('previous'),
  );
  const deltas = steps.map((_, i) => `delta-${i}`);
  f.formula(
    'sumOfSteps',
    'Sum of the bars (USD)',
    change.totalDeltaUsd,
    deltas.length === 0 ? '0' : deltas.map((d) => f.ref(d)).join('+'),
    'equals the total change',
    USD_CENTS,
    deltas.reduce((s, d) => s + f.value(d), 0),
  );
  return f;
}
