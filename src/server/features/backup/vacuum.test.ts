import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { helpRequests } from '../../db/schema.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

interface TableStats {
  deadRows: number;
  vacuumedAt: string | null;
}

/** PGlite has no autovacuum workers: the app's daily job is what vacuums the embedded database (ADR 260). */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database is vacuumed daily', () => {
  const t = useSharedTestApp();

  async function helpRequestStats(): Promise<TableStats> {
    const client = t.database.embedded!.client;
    // Statistics reach pg_stat_user_tables when the backend flushes them (at most once a second); ask for it now.
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{ dead: number; vacuumed: string | null }>(`select n_dead_tup::int as dead, last_vacuum::text as vacuumed from pg_stat_user_tables where relname = 'help_requests'`);
    return { deadRows: rows[0]?.dead ?? Number.NaN, vacuumedAt: rows[0]?.vacuumed ?? null };
  }

  test('dead rows left by rewrites stay until the next 04:00 UTC run of the job, which clears them', BUILDS_AN_APP, async () => {
    t.clock.set(new Date('2027-03-01T04:00:00Z'));
    await t.app.jobs.runDue();
    const first = await helpRequestStats();
    expect(first.vacuumedAt).not.toBeNull();
    expect(t.logs.some((line) => line.includes('embedded database vacuumed'))).toBe(true);

    const [request] = await t.app.db
      .insert(helpRequests)
      .values({ category: 'other', subject: 'Rewritten', message: 'first', userEmail: 'vacuum@example.com', userName: 'Vacuum' })
      .returning({ id: helpRequests.id });
    // Large random messages are stored out of line (TOAST), as a long answer or note would be.
    for (let i = 0; i < 20; i++) {
      await t.app.db.update(helpRequests).set({ message: randomBytes(6_000).toString('hex') }).where(eq(helpRequests.id, request!.id));
    }
    const dead = (await helpRequestStats()).deadRows;
    expect(dead).toBeGreaterThan(0);

    t.clock.set(new Date('2027-03-02T03:59:00Z'));
    await t.app.jobs.runDue();
    expect(await helpRequestStats()).toEqual({ deadRows: dead, vacuumedAt: first.vacuumedAt });

    t.clock.set(new Date('2027-03-02T04:00:00Z'));
    await t.app.jobs.runDue();
    const after = await helpRequestStats();
    expect(after.deadRows).toBe(0);
    expect(after.vacuumedAt! > first.vacuumedAt!).toBe(true);
  });
});
