import type ExcelJS from 'exceljs';

export const USD = '"$"#,##0';
export const USD_CENTS = '"$"#,##0.00';
export const PROB = '0.0000%';
export const NUMBER = '0.000000';

export function styleHeader(sheet: ExcelJS.Worksheet) {
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * Rows of a "stored value | formula | difference" sheet, addressed by name so formulas read
 * like the model: `ref('targetProbability')` → `C5`.
 *
 * Every formula cell carries a cached result (ADR 222): a viewer that does not recalculate
 * (a phone's preview, a mail client) shows the figure instead of an empty cell, and Excel or
 * LibreOffice recompute it on opening. The cached result is what the formula gives on the cached
 * values of the cells it reads: the engine's own figure for a closed-form quantity the engine
 * computed by the same expression, a figure recomputed here from the listed samples otherwise.
 */
export class FormulaSheet {
  private readonly rows = new Map<string, number>();
  private readonly results = new Map<string, number>();
  constructor(
    readonly sheet: ExcelJS.Worksheet,
    storedHeader = 'Stored value',
  ) {
    sheet.columns = [
      { header: 'Quantity', key: 'label', width: 52 },
      { header: storedHeader, key: 'stored', width: 20 },
      { header: 'Recomputed (live formula)', key: 'formula', width: 26 },
      { header: 'Difference', key: 'diff', width: 16 },
      { header: 'Source / how', key: 'source', width: 60 },
    ];
    styleHeader(sheet);
  }
  /** A value the formulas start from (stored and "recomputed" are the same number). */
  input(name: string, label: string, value: number, source: string, format = NUMBER) {
    const row = this.sheet.addRow({ label, stored: value, formula: value, source });
    this.remember(name, row.number, value);
    row.getCell('stored').numFmt = format;
    row.getCell('formula').numFmt = format;
  }
  /**
   * A quantity the model computed, next to the spreadsheet formula that recomputes it.
   * `result` is the formula's value on the cached inputs (defaults to the stored figure, for
   * closed-form rows the engine computed by the same expression).
   */
  formula(name: string, label: string, stored: number, formula: string, how: string, format = NUMBER, result = stored) {
    const row = this.sheet.addRow({ label, stored, source: how });
    this.remember(name, row.number, result);
    row.getCell('formula').value = { formula, result };
    row.getCell('diff').value = { formula: `C${row.number}-B${row.number}`, result: result - stored };
    for (const key of ['stored', 'formula', 'diff']) row.getCell(key).numFmt = format;
    row.getCell('formula').font = { color: { argb: 'FF1D4ED8' } };
  }
  /** A figure the workbook cannot recompute, shown with the reason (no formula, nothing cached). */
  unchecked(label: string, stored: number, why: string, format = NUMBER) {
    const row = this.sheet.addRow({ label, stored, source: why });
    row.getCell('stored').numFmt = format;
  }
  /** A line of text (a section title when bold). */
  heading(text: string, bold = true) {
    const row = this.sheet.addRow({ label: text });
    if (bold) row.font = { bold: true };
  }
  has(name: string): boolean {
    return this.rows.has(name);
  }
  /** The cell of a row's recomputed value, on this sheet: `C5`. */
  ref(name: string): string {
    return `C${this.rowOf(name)}`;
  }
  /** The same cell, addressed from another sheet: `'Statistics'!C5`. */
  qualifiedRef(name: string): string {
    return `'${this.sheet.name}'!${this.ref(name)}`;
  }
  /** The cached value of a row's recomputed cell (an input's value or a formula's cached result). */
  value(name: string): number {
    const value = this.results.get(name);
    if (value === undefined) throw new Error(`workbook: unknown row ${name}`);
    return value;
  }
  private rowOf(name: string): number {
    const row = this.rows.get(name);
    if (row === undefined) throw new Error(`workbook: unknown row ${name}`);
    return row;
  }
  private remember(name: string, row: number, value: number) {
    if (this.rows.has(name)) throw new Error(`workbook: row ${name} added twice`);
    this.rows.set(name, row);
    this.results.set(name, value);
  }
}
