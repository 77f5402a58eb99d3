import type { FastifyInstance } from 'fastify';
import { backupEmbedded } from './embedded-backup.ts';
import { pruneBackups, type WrittenBackup } from './manifest.ts';
import { startOperatorEndpoint, type OperatorEndpoint } from './operator-endpoint.ts';
import { vacuumEmbedded } from './vacuum.ts';

export const DAILY_BACKUP_JOB = 'backup.daily';
const DAILY_VACUUM_JOB = 'database.vacuum';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** 04:00 UTC: after the daily backup's default hour (BACKUP_HOUR, 03:00), when the fewest people work. */
const VACUUM_HOUR_UTC = 4;

/**
 * Backups of the embedded database from inside the server that owns its folder (ADR 234): the daily
 * backup on the job queue (BACKUP_HOUR, keeping BACKUP_KEEP) and the loopback endpoint
 * `npm run backup` calls; none for PostgreSQL (`npm run backup` runs pg_dump itself; a managed
 * PostgreSQL has its own backups) nor for an in-memory database (tests). Every embedded database,
 * in memory too, is also vacuumed daily (vacuum.ts, ADR 260).
 */
export async function backupRoutes(app: FastifyInstance) {
  const embedded = app.database.embedded;
  if (!embedded) return;
  app.jobs.register(DAILY_VACUUM_JOB, async () => vacuumEmbedded(embedded.client, app.log));
  app.jobs.every(DAILY_VACUUM_JOB, DAY_MS, VACUUM_HOUR_UTC * HOUR_MS);
  if (!embedded.dataDir) return;
  const { client, dataDir } = embedded;
  const backupDir = app.env.BACKUP_DIR;

  let last: Promise<unknown> = Promise.resolve();
  /** One backup at a time: a request during the daily one waits for it. */
  const backupNow = (at: Date): Promise<WrittenBackup> => {
    const next = last.catch(() => {}).then(() => backupEmbedded(client, backupDir, at));
    last = next;
    return next;
  };

  app.jobs.register(DAILY_BACKUP_JOB, async (_payload, { now }) => {
    const backup = await backupNow(now);
    const removed = pruneBackups(backupDir, app.env.BACKUP_KEEP);
    app.log.info({ backup: backup.dataPath, tables: backup.manifest.tables.length, bytes: backup.manifest.bytes, removedFiles: removed.length }, 'daily backup written');
  });
  if (app.env.BACKUP_HOUR !== 'off') app.jobs.every(DAILY_BACKUP_JOB, DAY_MS, app.env.BACKUP_HOUR * HOUR_MS);

  let endpoint: OperatorEndpoint | null = null;
  app.addHook('onReady', async () => {
    endpoint = await startOperatorEndpoint({ dataDir, takeBackup: () => backupNow(app.now()), log: app.log });
  });
  app.addHook('onClose', async () => {
    await endpoint?.close();
  });
}
