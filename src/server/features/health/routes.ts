import type { FastifyInstance } from 'fastify';

/** Beyond this the readiness answer flags the skew (and a warning is logged); it stays 200. */
export const MAX_CLOCK_SKEW_MS = 2_000;

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      // Clock skew against the database (issue #18): time rules read the app clock, some SQL reads
      // now(); a difference beyond a couple of seconds bends expiry and outbox timing. Measured
      // from the middle of the round trip.
      const before = app.now().getTime();
      const databaseTime = (await app.database.currentTime()).getTime();
      const after = app.now().getTime();
      const clockSkewMs = Math.round(databaseTime - (before + after) / 2);
      if (Math.abs(clockSkewMs) > MAX_CLOCK_SKEW_MS) request.log.warn({ clockSkewMs }, 'clock skew against the database');
      return { status: 'ready', clockSkewMs, clockSkewOk: Math.abs(clockSkewMs) <= MAX_CLOCK_SKEW_MS };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
