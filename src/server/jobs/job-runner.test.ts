import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { jobs } from '../db/schema.ts';
import { startSecondInstance } from '../test/second-instance.ts';
import { BUILDS_AN_APP, useTestAppsPerTest } from '../test/test-app-hooks.ts';
import { claimDueJobs, JOB_LEASE_MS, jobRetryDelayMs, MAX_JOB_ATTEMPTS } from './queue.ts';

const apps = useTestAppsPerTest();

const HOUR = 3_600_000;

describe('database-backed job queue', () => {
  test('a recurring job runs once per period however often the scheduler passes, and again in the next period', BUILDS_AN_APP, async () => {
    const t = await apps.create();
    t.clock.set(new Date('2027-03-01T10:05:00Z'));
    const runs: string[] = [];
    t.app.jobs.register('test.recurring', async (_payload, { now }) => {
      runs.push(now.toISOString());
    });
    t.app.jobs.every('test.recurring', HOUR);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    t.clock.advance(20 * 60_000);
    await t.app.jobs.runDue();
    expect(runs).toEqual(['2027-03-01T10:05:00.000Z']);
    t.clock.advance(HOUR);
    await t.app.jobs.runDue();
    expect(runs).toHaveLength(2);
    const rows = await t.app.db.select().from(jobs).where(eq(jobs.name, 'test.recurring'));
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual(['test.recurring@2027-03-01T10:00:00.000Z', 'test.recurring@2027-03-01T11:00:00.000Z']);
    expect(rows.every((row) => row.status === 'done')).toBe(true);
  });

  test('a failing job is retried with back-off and marked failed after the last attempt', BUILDS_AN_APP, async () => {
    const t = await apps.create();
    let calls = 0;
    t.app.jobs.register('test.failing', async () => {
      calls += 1;
      throw new Error('upstream down');
    });
    const id = await t.app.jobs.enqueue('test.failing', { n: 1 });
    await t.app.jobs.runDue();
    let [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, id as string));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'upstream down' });
    expect(row?.runAt.getTime()).toBe(t.clock.now().getTime() + jobRetryDelayMs(1));
    // Not due yet: nothing runs.
    await t.app.jobs.runDue();
    expect(calls).toBe(1);
    for (let attempt = 2; attempt <= MAX_JOB_ATTEMPTS; attempt++) {
      t.clock.advance(jobRetryDelayMs(attempt - 1));
      await t.app.jobs.runDue();
    }
    [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, id as string));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_JOB_ATTEMPTS });
    expect(calls).toBe(MAX_JOB_ATTEMPTS);
    expect(t.logs.filter((line) => line.includes('job failed'))).toHaveLength(MAX_JOB_ATTEMPTS);
  });

  test('a claimed job is not claimed again while its lease runs, and is claimed again once the lease ends (crashed instance)', BUILDS_AN_APP, async () => {
    const t = await apps.create();
    await t.app.jobs.enqueue('test.lease');
    const first = await claimDueJobs(t.app.db, { now: t.clock.now(), limit: 10, workerId: 'worker-a' });
    expect(first).toHaveLength(1);
    expect(await claimDueJobs(t.app.db, { now: t.clock.now(), limit: 10, workerId: 'worker-b' })).toHaveLength(0);
    t.clock.advance(JOB_LEASE_MS + 1);
    const again = await claimDueJobs(t.app.db, { now: t.clock.now(), limit: 10, workerId: 'worker-b' });
    expect(again.map((job) => [job.id, job.lockedBy, job.attempts])).toEqual([[first[0]?.id, 'worker-b', 2]]);
  });

  test.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database run every job exactly once (FOR UPDATE SKIP LOCKED)', BUILDS_AN_APP, async () => {
    const t = await apps.create();
    const second = await startSecondInstance(t);
    apps.closeAfter(second.close);
    const runsById = new Map<string, string[]>();
    const handler = (instance: string) => async (payload: Record<string, unknown>) => {
      const key = String(payload.n);
      runsById.set(key, [...(runsById.get(key) ?? []), instance]);
      // A little work so both instances are claiming at the same time.
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    t.app.jobs.register('test.parallel', handler('a'));
    second.app.jobs.register('test.parallel', handler('b'));
    for (let n = 0; n < 60; n++) await t.app.jobs.enqueue('test.parallel', { n });
    await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue(), second.app.jobs.runDue()]);
    expect(runsById.size).toBe(60);
    expect([...runsById.values()].every((instances) => instances.length === 1)).toBe(true);
    // Both instances took a share of the work.
    const byInstance = [...runsById.values()].flat();
    expect(byInstance).toContain('a');
    expect(byInstance).toContain('b');
  });
});
