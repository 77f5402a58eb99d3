import type { FastifyInstance } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
