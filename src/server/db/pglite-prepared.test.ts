import { PGlite, protocol, type Results } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { MAX_PREPARED_STATEMENTS, preparedQueries } from './pglite-prepared.ts';

/**
 * PGlite's query with named statements (ADR 254) answers as PGlite's own query() does, prepares each
 * text once, keeps PGlite's locks, and survives errors and schema changes.
 */
describe('preparedQueries', () => {
  let client: PGlite;
  let prepared: ReturnType<typeof preparedQueries>;

  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements where not from_sql order by statement')).rows.map((row) => row.statement);

  beforeAll(async () => {
    client = new PGlite();
    prepared = preparedQueries(client);
    await client.exec(`
      create table people (id int primary key, name text, born date, seen timestamptz, tags text[], doc jsonb, active boolean, score numeric);
      insert into people values
        (1, 'Ada', '1815-12-10', '2026-11-27 16:05:06.021+00', '{a,b}', '{"k":[1,"x"]}', true, 12.50),
        (2, 'Grace', '1906-12-09', null, '{}', null, false, null);`);
  });
  afterAll(async () => {
    await client.close();
  });

  test("the same rows, fields and counts as PGlite's query(), in both row modes, on the first call and after", async () => {
    const text = 'select * from people where id = any($1) and (name <> $2 or $2 is null) order by id';
    for (const params of [[[1, 2], null], [[1, 2], 'Grace'], [[2], 'Ada']]) {
      for (const options of [undefined, { rowMode: 'array' as const }]) {
        const expected = await client.query(text, params, options);
        expect(await prepared.query(text, params, options)).toEqual(expected);
        expect(await client.transaction((tx) => prepared.inTransaction(tx)(text, params, options))).toEqual(expected);
      }
    }
    const write = 'update people set doc = $1, score = $2 where id = $3 returning doc, score';
    const updated = await prepared.query<{ doc: unknown; score: string }>(write, [{ k: 'v' }, 7.25, 2]);
    expect(updated).toMatchObject({ rows: [{ doc: { k: 'v' }, score: '7.25' }], affectedRows: 1, command: 'UPDATE' });
    expect((await client.query('select doc from people where id = 2')).rows).toEqual([{ doc: { k: 'v' } }]);
  });

  test('each parameterised text is prepared once; a text without parameters is not', async () => {
    const text = 'select name from people where id = $1';
    for (const id of [1, 2, 1]) await prepared.query(text, [id]);
    await client.transaction(async (tx) => prepared.inTransaction(tx)(text, [2]));
    await prepared.query('select count(*) from people');
    expect((await preparedTexts()).filter((statement) => statement === text)).toHaveLength(1);
    expect(await preparedTexts()).not.toContain('select count(*) from people');
  });

  test('a query outside a transaction waits for it and never runs inside it', async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client
      .transaction(async (tx) => {
        await prepared.inTransaction(tx)('insert into people (id, name) values ($1, $2)', [3, 'Rolled back']);
        inserted();
        await held;
        events.push('transaction ends');
        await tx.rollback();
      })
      .catch(() => {});
    await insertedOnce;
    const outside = prepared.query<{ count: number }>('select count(*)::int as count from people where id = $1', [3]).then((result) => (events.push('outside answers'), result));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const [result] = await Promise.all([outside, transaction]);
    expect(events).toEqual(['transaction ends', 'outside answers']);
    expect(result.rows).toEqual([{ count: 0 }]);
  });

  test("a failed execution throws the database's error naming its query; a text that does not parse is not kept", async () => {
    const insert = 'insert into people (id, name) values ($1, $2)';
    const failure = await prepared.query(insert, [1, 'Again']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: [1, 'Again'] });
    await prepared.query(insert, [4, 'Fine']);
    expect((await client.query('select name from people where id = 4')).rows).toEqual([{ name: 'Fine' }]);

    const broken = 'select nme from people where id = $1';
    await expect(prepared.query(broken, [1])).rejects.toMatchObject({ code: '42703', query: broken });
    expect(await preparedTexts()).not.toContain(broken);
    // The connection is in order after both failures, inside a transaction too.
    await expect(client.transaction((tx) => prepared.inTransaction(tx)(broken, [1]))).rejects.toMatchObject({ code: '42703' });
    expect((await prepared.query('select name from people where id = $1', [4])).rows).toEqual([{ name: 'Fine' }]);
  });

  test('after a schema change under a prepared statement, a call outside a transaction answers with the new columns; inside one it fails once, then prepares again', async () => {
    await client.exec('create table changing (id int primary key, value int); insert into changing values (1, 5);');
    const text = 'select * from changing where id = $1';
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, value: 5 }]);
    await client.exec(`alter table changing alter column value type text using 'five'`);
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, value: 'five' }]);
    // That call ran unprepared; this one prepares the text again.
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, value: 'five' }]);

    await client.exec('alter table changing add column extra int');
    await expect(client.transaction((tx) => prepared.inTransaction(tx)(text, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await client.transaction((tx) => prepared.inTransaction(tx)(text, [1]))).rows).toEqual([{ id: 1, value: 'five', extra: null }]);
    expect((await preparedTexts()).filter((statement) => statement === text)).toHaveLength(1);
  });

  test("the reply's own reader gives what PGlite's reader gives, for every kind of value, in both row modes (ADR 255)", async () => {
    const text = `select $1::text as plain, $2::text as absent, $3::bytea as bytes, $4::int[] as numbers, $5::jsonb as doc,
      $6::timestamptz as at, $7::numeric as amount, $8::bool as yes, $1::text as plain, repeat($1::text, $9::int) as long`;
    const cases: unknown[][] = [
      ['plain', null, new Uint8Array([0, 1, 255]), [1, null, 3], { nested: ['é', 1.5] }, new Date('2026-11-27T22:00:00.123Z'), '12.50', true, 1],
      ['\ufeffstarts with a byte order mark', 'Ünïcödé 漢字 🙂', new Uint8Array(), [], [], new Date(0), '-0.001', false, 2],
      // Some 300 KB: the reply comes out of the database in several pieces.
      ['x'.repeat(1_000), '', null, null, null, null, null, null, 300],
    ];
    for (const params of cases) {
      for (const options of [undefined, { rowMode: 'array' as const }]) {
        const expected = await client.query(text, params, options);
        const pgliteReader = vi.spyOn(protocol.Parser.prototype, 'parse');
        expect(await prepared.query(text, params, options)).toEqual(expected);
        // Prepared by the first case: from then on, PGlite's reader reads nothing of these replies.
        if (params !== cases[0]) expect(pgliteReader).not.toHaveBeenCalled();
        pgliteReader.mockRestore();
      }
    }
  });

  test('any text reads the same through both readers (property)', async () => {
    const text = 'select $1::text as value, $2::text as other';
    await fc.assert(
      fc.asyncProperty(fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }), { nil: null }), fc.string({ unit: 'binary', maxLength: 40 }), async (value, other) => {
        // PostgreSQL refuses a zero byte in text; both readers would fail alike.
        fc.pre(!value?.includes('\0') && !other.includes('\0'));
        expect(await prepared.query(text, [value, other])).toEqual(await client.query(text, [value, other]));
      }),
      { numRuns: 150 },
    );
  });

  test("a reply it does not read (a notice, a column named __proto__) is read by PGlite's reader: the same rows, the notice heard", async () => {
    await client.exec(`create function noisy(value int) returns int language plpgsql as $$ begin raise notice 'saw %', value; return value * 2; end $$;`);
    const notices: string[] = [];
    const text = 'select noisy($1) as doubled';
    expect((await prepared.query<{ doubled: number }>(text, [21], { onNotice: (notice) => notices.push(notice.message ?? '') })).rows).toEqual([{ doubled: 42 }]);
    expect(notices).toEqual(['saw 21']);
    const pgliteReader = vi.spyOn(protocol.Parser.prototype, 'parse');
    await prepared.query(text, [2]);
    expect(pgliteReader).toHaveBeenCalled();
    pgliteReader.mockRestore();
    const odd = 'select $1::int as "__proto__", $1::int + 1 as next';
    const expected = await client.query(odd, [1]);
    expect(await prepared.query(odd, [1])).toEqual(expected);
    expect(Object.getPrototypeOf((await prepared.query(odd, [1])).rows[0])).toBe(Object.prototype);
  });

  test('a notification reaches the listeners registered through it once, whichever reader read its reply; none after unlisten', async () => {
    await client.exec(`
      create table watched (id int primary key, value int);
      insert into watched values (1, 0);
      create function tell() returns trigger language plpgsql as $$ begin perform pg_notify('watched_changed', new.id::text); return new; end $$;
      create trigger watched_tell after update on watched for each row execute function tell();`);
    const heard: string[] = [];
    const unlisten = await prepared.listen('Watched_Changed', (payload) => heard.push(payload));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await prepared.query('select pg_notify($1, $2)', ['watched_changed', 'prepared']);
    await prepared.query('update watched set value = $1 where id = $2', [5, 1]);
    await client.query(`select pg_notify('watched_changed', 'unprepared')`);
    await client.transaction((tx) => prepared.inTransaction(tx)('update watched set value = $1 where id = $2', [6, 1]));
    await settle();
    expect(heard).toEqual(['prepared', '1', 'unprepared', '1']);
    await unlisten();
    await prepared.query('select pg_notify($1, $2)', ['watched_changed', 'after']);
    await settle();
    expect(heard).toHaveLength(4);
  });

  test(`no more than ${MAX_PREPARED_STATEMENTS} statements: past them a new text still answers, unprepared`, async () => {
    const own = new PGlite();
    const capped = preparedQueries(own);
    const answers: Array<Results<{ n: number }>> = [];
    for (let index = 0; index <= MAX_PREPARED_STATEMENTS; index += 1) answers.push(await capped.query<{ n: number }>(`select $1::int + ${index} as n`, [1]));
    expect(answers.at(-1)!.rows).toEqual([{ n: MAX_PREPARED_STATEMENTS + 1 }]);
    const count = await own.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements where not from_sql');
    expect(count.rows).toEqual([{ count: MAX_PREPARED_STATEMENTS }]);
    await own.close();
  });
});
