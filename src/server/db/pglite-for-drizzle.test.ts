import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { DRIZZLE_TEXT_TYPES, pgliteForDrizzle } from './pglite-for-drizzle.ts';

/**
 * Drizzle on pgliteForDrizzle reads what Drizzle on PGlite reads (ADR 253), without handing PGlite
 * its parsers on each query, inside transactions too.
 */
describe('pgliteForDrizzle', () => {
  let plain: PGlite;
  let wrapped: PGlite;
  const seen: Array<QueryOptions | undefined> = [];

  beforeAll(async () => {
    plain = new PGlite();
    wrapped = new PGlite();
    for (const client of [plain, wrapped]) {
      await client.exec(`
        create table kinds (id uuid primary key, at timestamptz, local_at timestamp, day date, span interval, amount numeric, spans interval[], doc jsonb, flag boolean, n int);
        insert into kinds values ('7d5e1f0c-0c1e-4b8e-9d3a-2f6c8f0a1b2c', '2026-11-27 16:05:06.021+00', '2026-11-27 16:05:06', '2026-11-27', '1 day 02:03:04', 12.50, '{1 day,2 hours}', '{"a":[1,"b"]}', true, 7);`);
    }
    // What the wrapped client is asked, the transaction's client included.
    const query = wrapped.query.bind(wrapped);
    vi.spyOn(wrapped, 'query').mockImplementation((text, params, options) => (seen.push(options), query(text, params, options)));
    const transaction = wrapped.transaction.bind(wrapped);
    vi.spyOn(wrapped, 'transaction').mockImplementation((callback) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        vi.spyOn(tx, 'query').mockImplementation((text, params, options) => (seen.push(options), txQuery(text, params, options)));
        return callback(tx as Transaction);
      }),
    );
  });
  afterAll(async () => {
    await plain.close();
    await wrapped.close();
  });

  test("Drizzle asks for exactly these types as text, each kept as it came (a change of Drizzle's list fails here)", () => {
    type DriverConfigs = { queryConfig: QueryOptions; rawQueryConfig: QueryOptions };
    const { session } = drizzle(plain) as unknown as { session: { prepareQuery(query: { sql: string; params: unknown[] }): DriverConfigs } };
    const prepared = session.prepareQuery({ sql: 'select 1', params: [] });
    for (const config of [prepared.queryConfig, prepared.rawQueryConfig]) {
      expect(Object.keys(config.parsers ?? {}).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(config.parsers ?? {})) expect(parse('1 day', 0)).toBe('1 day');
    }
  });

  test('the same rows as Drizzle on a plain PGlite, in and out of a transaction, and no parsers handed over', async () => {
    const read = sql`select * from kinds`;
    const expected = (await drizzle(plain).execute(read)).rows;
    expect(expected[0]).toMatchObject({ at: '2026-11-27 16:05:06.021+00', local_at: '2026-11-27 16:05:06', day: '2026-11-27', span: '1 day 02:03:04', spans: '{"1 day",02:00:00}', doc: { a: [1, 'b'] }, flag: true, n: 7 });

    const db = drizzle(pgliteForDrizzle(wrapped));
    seen.length = 0;
    expect((await db.execute(read)).rows).toEqual(expected);
    expect(await db.transaction(async (tx) => (await tx.execute(read)).rows)).toEqual(expected);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const options of seen) expect(options?.parsers).toBeUndefined();
  });

  test('a parameterised query runs as a statement prepared once (ADR 254), in and out of a transaction, with the same rows', async () => {
    const outside = sql`select * from kinds where n = ${7} and flag = ${true}`;
    const inside = sql`select * from kinds where n = ${7}`;
    const expected = (await drizzle(plain).execute(outside)).rows;
    expect(expected).toHaveLength(1);
    const db = drizzle(pgliteForDrizzle(wrapped));
    for (let call = 0; call < 2; call += 1) {
      expect((await db.execute(outside)).rows).toEqual(expected);
      expect(await db.transaction(async (tx) => (await tx.execute(inside)).rows)).toEqual(expected);
    }
    const statements = await wrapped.query<{ statement: string }>('select statement from pg_prepared_statements where not from_sql order by statement');
    expect(statements.rows).toEqual([{ statement: 'select * from kinds where n = $1' }, { statement: 'select * from kinds where n = $1 and flag = $2' }]);
  });

  test('a parser of another type is handed over as it came', async () => {
    const db = pgliteForDrizzle(wrapped);
    const result = await db.query<{ n: unknown }>('select n from kinds', [], { parsers: { 23: (value) => `int ${value}` } });
    expect(result.rows).toEqual([{ n: 'int 7' }]);
  });
});
