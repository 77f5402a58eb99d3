import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** Beyond this the readiness answer flags the skew (and a warning is logged); it stays 200. */
export const MAX_CLOCK_SKEW_MS = 2_000;

export type RedisStatus = 'ok' | 'degraded' | 'not_configured';
export type Readiness = { status: 'ready'; clockSkewMs: number; clockSkewOk: boolean; redis: RedisStatus } | { status: 'unavailable'; message: string };

/**
 * GET /readyz: does the database answer? With it the clock skew against the database:
 * time rules read the app clock, some SQL reads now(); a difference beyond a couple of seconds
 * bends expiry and outbox timing. Measured from the middle of the round trip, so it reads the
 * clock twice (`clock` is the app's). Redis away is `redis: 'degraded'` and still ready: every
 * route works without it (ADR 200), so a load balancer must not take the instance out.
 */
export async function checkReadiness(options: { database: Pick<DatabaseHandle, 'currentTime' | 'health'>; clock: () => Date; redisStatus: () => RedisStatus; log: Pick<FastifyBaseLogger, 'warn'> }): Promise<Readiness> {
  const { database, clock, log } = options;
  // The outage flag (ADR 278) answers at once: no query waits on a database that is known to be away.
  if (!database.health.up) return { status: 'unavailable', message: 'Database not reachable' };
  try {
    const before = clock().getTime();
    const databaseTime = (await database.currentTime()).getTime();
    const after = clock().getTime();
    const clockSkewMs = Math.round(databaseTime - (before + after) / 2);
    if (Math.abs(clockSkewMs) > MAX_CLOCK_SKEW_MS) log.warn({ clockSkewMs }, 'clock skew against the database');
    return { status: 'ready', clockSkewMs, clockSkewOk: Math.abs(clockSkewMs) <= MAX_CLOCK_SKEW_MS, redis: options.redisStatus() };
  } catch (error) {
    log.warn({ err: error }, 'database not reachable');
    return { status: 'unavailable', message: 'Database not reachable' };
  }
}
