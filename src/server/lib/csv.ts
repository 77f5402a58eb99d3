/**
 * CSV for spreadsheets (RFC 4180 quoting) that cannot run as a formula: a cell starting with
 * =, +, -, @, tab or carriage return is prefixed with a single quote (OWASP CSV injection).
 */
export function escapeCsvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}
