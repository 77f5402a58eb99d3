import type ExcelJS from 'exceljs';
import { OPTION_COLUMNS } from '../decision-options.ts';
import type { KeyFigures } from '../key-figures.ts';
import { USD, styleHeader } from './formula-sheet.ts';

/**
 * The decision's priced options and the pack's key figures as the PDF and the deck print them
 * (decision-options.ts, key-figures.ts): the same strings, then each option's figures as numbers
 * so an auditor can sort and sum them.
 */
export function addOptionsSheet(workbook: ExcelJS.Workbook, key: KeyFigures): void {
  const sheet = workbook.addWorksheet('Decision options');
  sheet.columns = [...OPTION_COLUMNS.map((header, i) => ({ header, key: `c${i}`, width: i === 0 ? 14 : 24 }))];
  styleHeader(sheet);
  const options = key.options;
  if (options === null) {
    sheet.addRow(['Options are priced for results of the current model: re-run the assessment to see them.']);
  } else {
    for (const cells of [options.doNothingCells, ...options.options.map((o) => o.cells)]) sheet.addRow([...cells]);
    sheet.addRow([]);
    sheet.addRow([options.intro]);
    for (const o of options.options) sheet.addRow([o.line]);
    sheet.addRow([]);
    const numbers = sheet.addRow(['Option', 'Cost a year, typical (USD)', 'Cost a year, low (USD)', 'Cost a year, high (USD)', 'Saving a year, together (USD)', 'Expected loss left (USD)', '1-in-20 year left (USD)', '1-in-100 year left (USD)']);
    numbers.font = { bold: true };
    for (const o of options.options) {
      const row = sheet.addRow([`Option ${o.letter}`, o.annualCostMidUsd, o.annualCostLowUsd, o.annualCostHighUsd, o.savingUsd, o.expectedLossLeftUsd, o.oneInTwentyLeftUsd, o.oneInHundredLeftUsd]);
      for (let c = 2; c <= 8; c++) row.getCell(c).numFmt = USD;
    }
  }
  sheet.addRow([]);
  sheet.addRow(['Key figures of the pack']).font = { bold: true };
  sheet.addRow(['Expected annual loss', key.expectedLoss.text]);
  sheet.addRow(['Uninsured in a 1-in-100 year', key.uninsuredOneInHundred.text]);
  sheet.addRow(['Share of a 1-in-100 year the policy pays', key.coveredShareOneInHundred.text]);
  sheet.addRow(['Pays for itself', key.paysForItself.text]);
  sheet.addRow(['Payback', key.payback.text]);
  sheet.addRow(['Score', key.postureScore.text]);
}
