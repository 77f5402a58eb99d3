import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { CSV_READ_OPTIONS, type TemplateCell } from '@/contracts/csv.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importFileKind, type ImportFileBody, type ImportFileKind } from '@/contracts/import.ts';
import { importRefusal } from './import-refusal.ts';

/**
 * Turns an uploaded file into what the template readers take: CSV and XLSX into rows of cells,
 * JSON into a value. Size, row count and the XLSX's unpacked size are checked here, before any
 * reading, so an oversized or packed file costs little (ADR 231).
 */

/** An XLSX is a zip: its parts may unpack to at most this much (a template unpacks to a few hundred KB). */
const XLSX_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

export type ImportedFile = { kind: 'csv' | 'xlsx'; rows: TemplateCell[][] } | { kind: 'json'; value: unknown };

function refuse(message: string, field = 'file') {
  return importRefusal(message, [{ row: null, field, message }]);
}

function decode(body: ImportFileBody): Buffer {
  const bytes = Buffer.from(body.contentBase64, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw refuse('The file must be 1 MB or smaller.');
  if (bytes.length === 0) throw refuse('The file is empty.');
  return bytes;
}

function checkRowCount(count: number) {
  if (count > IMPORT_MAX_ROWS) throw refuse(`The file has ${count} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`);
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.');
  }
}

/** A cell's value as the template reads it: formulas by their computed result, rich text as its words. */
function cellValue(value: ExcelJS.CellValue): TemplateCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  return '';
}

function checkUnpackedSize(bytes: Buffer) {
  let unpacked = 0;
  try {
    // Reads the zip's directory only (the filter declines every entry), to refuse a zip bomb unopened.
    unzipSync(bytes, { filter: (entry) => ((unpacked += entry.originalSize), false) });
  } catch {
    throw refuse('The file is not a readable XLSX workbook.');
  }
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw refuse('The workbook is too large once unpacked; keep only the template sheet.');
}

async function readXlsx(bytes: Buffer): Promise<TemplateCell[][]> {
  checkUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refuse('The file is not a readable XLSX workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('The workbook has no worksheet.');
  checkRowCount(sheet.rowCount);
  const rows: TemplateCell[][] = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: TemplateCell[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) cells.push(cellValue(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

function readJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(decodeText(bytes)) as unknown;
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw refuse('The file is not valid JSON. Import the .json file the export wrote, unchanged.');
  }
}

/**
 * RFC 4180 records (quoted fields may hold commas, quotes and line breaks), read by csv-parse with
 * `CSV_READ_OPTIONS`. A quoted cell that is never closed throws csv-parse's `CsvError` (code
 * `CSV_QUOTE_NOT_CLOSED`).
 */
export function parseCsv(content: string): string[][] {
  return parse(content, CSV_READ_OPTIONS);
}

function readCsv(bytes: Buffer): TemplateCell[][] {
  const text = decodeText(bytes);
  try {
    return parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // csv-parse reports where reading stopped (for an open quote, the end of the file), not the row at fault.
    throw refuse(error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'A quoted cell is never closed: a " is missing. Save the file again as CSV and try again.' : 'The file is not readable CSV. Save it again as CSV and try again.');
  }
}

export function kindOf(body: ImportFileBody): ImportFileKind {
  const kind = importFileKind(body.fileName);
  if (!kind) throw refuse('Choose a .csv, .xlsx or .json file.', 'fileName');
  return kind;
}

/** The file's rows (CSV, XLSX) or value (JSON); a 400 listing the problem when it cannot be read. */
export async function readImportFile(body: ImportFileBody): Promise<ImportedFile> {
  const kind = kindOf(body);
  const bytes = decode(body);
  if (kind === 'json') return { kind, value: readJson(bytes) };
  const rows = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  checkRowCount(rows.length);
  return { kind, rows };
}
