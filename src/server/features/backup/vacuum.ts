import type { FastifyInstance } from 'fastify';

export const VACUUM_JOB = 'database.vacuum';
const DAY_MS = 24 * 3_600_000;
/** 04:00 UTC: after the daily backup's default hour (BACKUP_HOUR, 03:00), when the fewest people work. */
const VACUUM_OFFSET_MS = 4 * 3_600_000;

/**
 * The embedded database's daily `VACUUM (ANALYZE)` (ADR 260). PGlite runs PostgreSQL without its
 * autovacuum workers, so a row rewritten by every autosave leaves its old TOAST chunks behind for
 * good: 2,200 updates of 50 rows of 6 KB grew a table from 0.5 MB to 18.7 MB, and nothing refreshes
 * the planner's statistics. Once a day the space of dead rows becomes reusable and the statistics
 * current. PostgreSQL (DATABASE_URL) vacuums itself: nothing is registered there.
 */
export function registerEmbeddedVacuum(app: FastifyInstance): void {
  const embedded = app.database.embedded;
  if (!embedded) return;
  app.jobs.register(VACUUM_JOB, async () => {
    const startedAt = performance.now();
    await embedded.client.exec('VACUUM (ANALYZE)');
    app.log.info({ ms: Math.round(performance.now() - startedAt) }, 'embedded database vacuumed');
  });
  app.jobs.every(VACUUM_JOB, DAY_MS, VACUUM_OFFSET_MS);
}
