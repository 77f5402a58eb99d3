import type ExcelJS from 'exceljs';

/**
 * Test-only recomputation of the workbook's formulas: the Excel subset the workbook writes
 * (arithmetic, ^, comparisons, & on a criterion, MIN MAX EXP LN SQRT ROUND IF SUM COUNT SUMSQ
 * CEILING SMALL LARGE COUNTIF SUMIF, cell references and single-column ranges, also across
 * sheets) is translated to JavaScript and evaluated against the cells exceljs read back. No spreadsheet engine is
 * installed on this machine (LibreOffice here is Impress only), see ADR 122.
 */
type Value = number | number[];

const FUNCTIONS = {
  MIN: (...xs: number[]) => Math.min(...xs),
  MAX: (...xs: number[]) => Math.max(...xs),
  EXP: Math.exp,
  LN: Math.log,
  SQRT: Math.sqrt,
  ROUND: (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits,
  IF: (condition: boolean, a: number, b: number) => (condition ? a : b),
  SUM: (xs: number[]) => xs.reduce((s, x) => s + x, 0),
  COUNT: (xs: number[]) => xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).length,
  SUMSQ: (xs: number[]) => xs.reduce((s, x) => s + x * x, 0),
  CEILING: (x: number, step: number) => Math.ceil(x / step) * step,
  SMALL: (xs: number[], k: number) => (k >= 1 && k <= xs.length ? [...xs].sort((a, b) => a - b)[k - 1] : Number.NaN),
  LARGE: (xs: number[], k: number) => (k >= 1 && k <= xs.length ? [...xs].sort((a, b) => b - a)[k - 1] : Number.NaN),
  COUNTIF: (xs: number[], criterion: string) => xs.filter(above(criterion)).length,
  SUMIF: (xs: number[], criterion: string) => xs.filter(above(criterion)).reduce((s, x) => s + x, 0),
};

/** The one criterion form the workbook writes: ">" and a number (also built with "&"). */
function above(criterion: string): (x: number) => boolean {
  const match = /^>(.+)$/.exec(criterion);
  const threshold = Number(match?.[1]);
  if (!match || !Number.isFinite(threshold)) throw new Error(`criterion not supported: ${criterion}`);
  return (x) => x > threshold;
}

function columnOf(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

export function createFormulaEvaluator(workbook: ExcelJS.Workbook) {
  const cache = new Map<string, number>();

  function cellValue(sheetName: string, ref: string): number {
    const key = `${sheetName}!${ref}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const sheet = workbook.getWorksheet(sheetName);
    if (!sheet) throw new Error(`no sheet ${sheetName}`);
    const cell = sheet.getCell(ref);
    const raw = cell.value;
    const value = raw !== null && typeof raw === 'object' && 'formula' in raw ? evaluate(sheetName, String(raw.formula)) : Number(raw);
    cache.set(key, value);
    return value;
  }

  function range(sheetName: string, from: string, to: string): number[] {
    const sheet = workbook.getWorksheet(sheetName);
    if (!sheet) throw new Error(`no sheet ${sheetName}`);
    const column = columnOf(from);
    const first = Number(/\d+/.exec(from)?.[0]);
    const last = Number(/\d+/.exec(to)?.[0]);
    const values: number[] = [];
    for (let r = first; r <= last; r++) values.push(Number(sheet.getRow(r).getCell(column).value));
    return values;
  }

  function evaluate(sheetName: string, formula: string): number {
    const js = formula
      .replace(/'([^']+)'!([A-Z]+\d+):([A-Z]+\d+)/g, (_m, s: string, a: string, b: string) => `range(${JSON.stringify(s)},"${a}","${b}")`)
      .replace(/'([^']+)'!([A-Z]+\d+)/g, (_m, s: string, ref: string) => `cell(${JSON.stringify(s)},"${ref}")`)
      .replace(/(?<!["\w])([A-Z]{1,2}\d+)(?![\w"(])/g, (_m, ref: string) => `cell(${JSON.stringify(sheetName)},"${ref}")`)
      .replace(/\^/g, '**')
      .replace(/<>/g, '!==')
      .replace(/&/g, '+');
    const names = Object.keys(FUNCTIONS);
    const fn = new Function('cell', 'range', ...names, `return (${js});`) as (...args: unknown[]) => Value;
    const result = fn(cellValue, range, ...names.map((n) => FUNCTIONS[n as keyof typeof FUNCTIONS]));
    if (typeof result !== 'number') throw new Error(`formula ${formula} did not give a number`);
    return result;
  }

  return { cellValue, evaluate };
}
