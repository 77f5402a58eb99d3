/**
 * CSV as the app writes and reads it (RFC 4180): the assessment template's export and import
 * (assessment-template.ts) and the audit log's export.
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

export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks); a leading BOM is ignored. */
export function parseCsv(content: string): string[][] {
  const source = content.startsWith('\uFEFF') ? content.slice(1) : content;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted && char === '"' && source[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (quoted) {
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
