/**
 * CSV as the app writes and reads it (RFC 4180): the assessment template's export and import
 * (assessment-template.ts) and the audit log's export.
 */
import { parse } from 'csv-parse/sync';

/** A cell as a reader hands it over: CSV cells are strings; XLSX numbers stay numbers. */
export type TemplateCell = string | number | boolean | null | undefined;

/**
 * Cells a spreadsheet would read as a formula (= + - @) or that start with a tab or carriage
 * return get a leading single quote (OWASP CSV injection advice), then RFC 4180 quoting.
 */
export function escapeCsvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The cell as it was before `escapeCsvCell` guarded it (its leading quote removed). */
export function unescapeCell(value: TemplateCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * RFC 4180 records, read by csv-parse: quoted fields may hold commas, quotes and line breaks, a
 * leading BOM is ignored, rows may differ in length (the readers report missing cells by name) and a
 * stray quote inside an unquoted cell is kept as text. A quoted cell that is never closed throws
 * csv-parse's `CsvError` (code `CSV_QUOTE_NOT_CLOSED`, with its line).
 */
export function parseCsv(content: string): string[][] {
  return parse(content, { bom: true, relax_column_count: true, relax_quotes: true });
}
