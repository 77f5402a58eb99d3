import type ExcelJS from 'exceljs';
import { styleHeader } from './formula-sheet.ts';
import { readZipParts, writeZipParts } from './zip-parts.ts';

/**
 * Sheets of one long column of numbers (the simulated years, the incidents: 10,000-25,000 rows).
 * exceljs spends about 15 µs a cell building, styling and serialising such rows, most of a
 * workbook's render time (ADR 222). So exceljs writes the sheet with its header and first value
 * only, which fixes the sheet's layout and the value's style, and `fillBulkColumns` writes the
 * remaining rows into the saved file as plain `<row><c><v>` elements with that same style.
 * exceljs also leaves compression to `fillBulkColumns` (it deflates in JavaScript, slowly).
 */
export interface BulkColumn {
  readonly sheet: ExcelJS.Worksheet;
  readonly values: Float64Array;
}

export function addBulkColumnSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  header: string,
  values: Float64Array,
  numFmt: string,
): BulkColumn {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = [{ header, key: 'value', width: 64 }];
  styleHeader(sheet);
  if (values.length > 0) sheet.addRow({ value: values[0] }).getCell('value').numFmt = numFmt;
  return { sheet, values };
}

/** Rows 3.. of the column, with the style exceljs gave the first value in row 2. */
function remainingRows(values: Float64Array, style: string): string {
  const parts: string[] = new Array<string>(values.length);
  for (let i = 1; i < values.length; i++) {
    const r = i + 2;
    // String(number) is the shortest text that reads back as the same double: the file holds the exact samples.
    parts[i] = `<row r="${r}"><c r="A${r}"${style}><v>${String(values[i])}</v></c></row>`;
  }
  return parts.join('');
}

function fillSheetXml(xml: string, column: BulkColumn): string {
  const last = column.values.length + 1;
  const style = /<c r="A2"( s="\d+")?/.exec(xml)?.[1] ?? '';
  const end = xml.lastIndexOf('</sheetData>');
  if (end < 0) throw new Error(`workbook: no sheetData in ${column.sheet.name}`);
  const filled = xml.slice(0, end) + remainingRows(column.values, style) + xml.slice(end);
  return filled.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:A${last}"/>`);
}

/**
 * The saved workbook (written by exceljs without compression) with every bulk column complete,
 * compressed once by Node's zlib.
 */
export function fillBulkColumns(stored: Buffer, columns: readonly BulkColumn[]): Buffer {
  const byPath = new Map(columns.filter((c) => c.values.length > 1).map((c) => [`xl/worksheets/sheet${c.sheet.id}.xml`, c]));
  const parts = readZipParts(stored).map((part) => {
    const column = byPath.get(part.name);
    return column === undefined ? part : { name: part.name, data: Buffer.from(fillSheetXml(part.data.toString('utf8'), column), 'utf8') };
  });
  // Level 1: the number columns are most of the file; level 6 takes about twice as long for a file about 10% smaller.
  return writeZipParts(parts, 1);
}
