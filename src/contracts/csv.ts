/**
 * CSV as the app writes it (RFC 4180): the assessment template's export (assessment-template.ts) and
 * the audit log's export. The server reads CSV with csv-parse (server/features/assessments/import-file.ts):
 * its build needs Node's Buffer, so it stays out of this module, which the client bundles.
 */

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

/**
 * How the server's import reads CSV, as csv-parse options: a leading BOM is ignored, rows may differ
 * in length (the template readers report missing cells by name) and a stray quote inside an unquoted
 * cell is kept as text. Plain data, so the client's round-trip test reads its export the same way.
 */
export const CSV_READ_OPTIONS = { bom: true, relax_column_count: true, relax_quotes: true } as const;

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}
