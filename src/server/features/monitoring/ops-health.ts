import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { OpsHealth } from '@/contracts/monitoring.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { countJobs } from '../../jobs/queue.ts';
import { countOutbox } from '../../mail/outbox.ts';
import { listRecentFailedJobs, listRecentFailedMail } from './ops-repository.ts';

/** Read once: the version the running code was built from. */
const APP_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

async function probeDatabase(database: DatabaseHandle, log: Pick<FastifyBaseLogger, 'warn'>): Promise<{ reachable: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await database.ping();
    return { reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    log.warn({ err: error }, 'ops health: database not reachable');
    return { reachable: false, latencyMs: null };
  }
}

/** GET /api/monitoring/ops (administrators): is the system healthy? */
export async function readOpsHealth(options: {
  db: Database;
  /** The connection itself: probed with a ping, and its kind shown. */
  databaseHandle: DatabaseHandle;
  /** METRICS_TOKEN is set: GET /metrics answers. */
  metricsEnabled: boolean;
  startedAt: Date;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<OpsHealth> {
  const { db, databaseHandle, metricsEnabled, startedAt, now, log } = options;
  const database = await probeDatabase(databaseHandle, log);
  const base = {
    app: {
      version: APP_VERSION,
      engineVersion: ENGINE_VERSION,
      nodeVersion: process.version,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    },
    database: { kind: databaseHandle.kind, label: databaseHandle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)', ...database },
    metricsEnabled,
  };
  if (!database.reachable) {
    return { ...base, outbox: { byStatus: {}, backlog: 0, oldestWaitingSeconds: null, recentFailures: [] }, jobs: { counts: { pending: 0, running: 0, done: 0, failed: 0 }, recentFailures: [] } };
  }
  const outbox = await countOutbox(db, now);
  const failedMail = await listRecentFailedMail(db);
  const failedJobs = await listRecentFailedJobs(db);
  return {
    ...base,
    outbox: {
      byStatus: outbox.byStatus,
      backlog: (outbox.byStatus.pending ?? 0) + (outbox.byStatus.sending ?? 0),
      oldestWaitingSeconds: outbox.oldestWaitingSeconds,
      recentFailures: failedMail.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    },
    jobs: {
      counts: await countJobs(db),
      recentFailures: failedJobs.map((row) => ({ ...row, finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null })),
    },
  };
}
