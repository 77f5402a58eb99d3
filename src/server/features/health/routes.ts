import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './check-readiness.ts';

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export async function healthRoutes(app: FastifyInstance) {
  // Not async: nothing to wait for, so no promise (ADR 187).
  app.get('/healthz', () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const readiness = await checkReadiness({ database: app.database, clock: () => app.now(), log: request.log });
    return readiness.status === 'ready' ? readiness : reply.status(503).send(readiness);
  });
}
