/**
 * A table census: every table's row count and a checksum of its rows, read inside one snapshot.
 * The backup writes it into its manifest; the restore reads the restored database's census and
 * refuses a copy whose census differs (ADR 234).
 */
export interface TableCensus {
  /** schema.table */
  table: string;
  rows: number;
  /** md5 over the md5 of each row's text, in the order of those md5s: independent of physical order. */
  checksum: string;
}

/** Runs one SQL text and returns its rows; each database kind adapts its own client to this. */
export type SqlReader = (text: string) => Promise<Record<string, unknown>[]>;

/** The application's own tables and drizzle's migration record (its row count is the schema level). */
const CENSUS_SCHEMAS = ['public', 'drizzle'];

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Reads the census. Must run inside one transaction (one snapshot) with `timezone` set to UTC, so a
 * timestamp's text, and with it the checksum, does not depend on the session's time zone.
 */
export async function readCensus(read: SqlReader): Promise<TableCensus[]> {
  const tables = await read(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in (${CENSUS_SCHEMAS.map((schema) => `'${schema}'`).join(', ')})
      order by table_schema, table_name`,
  );
  const census: TableCensus[] = [];
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await read(
      `select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum
         from ${quoteIdentifier(schema)}.${quoteIdentifier(name)} t`,
    );
    census.push({ table: `${schema}.${name}`, rows: Number(row!.rows), checksum: String(row!.checksum) });
  }
  return census;
}

/** The tables whose count or checksum differ between two censuses (a table on one side only counts too). */
export function censusDifferences(expected: TableCensus[], actual: TableCensus[]): string[] {
  const byTable = new Map(actual.map((entry) => [entry.table, entry]));
  const problems = expected.flatMap((entry) => {
    const found = byTable.get(entry.table);
    if (!found) return [`${entry.table}: missing`];
    if (found.rows !== entry.rows) return [`${entry.table}: ${found.rows} rows, expected ${entry.rows}`];
    return found.checksum === entry.checksum ? [] : [`${entry.table}: checksum differs`];
  });
  const expectedTables = new Set(expected.map((entry) => entry.table));
  return [...problems, ...actual.filter((entry) => !expectedTables.has(entry.table)).map((entry) => `${entry.table}: not in the backup`)];
}
