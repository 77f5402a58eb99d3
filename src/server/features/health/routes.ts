import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LivenessResponseSchema, ReadinessResponseSchema } from '@/contracts/health.ts';
import { checkReadiness } from './check-readiness.ts';

/** Liveness (the process answers) and readiness (the database answers; Redis reported, ADR 200) for load balancers. */
export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', { schema: { response: { 200: LivenessResponseSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } }, async (request, reply) => {
    const readiness = await checkReadiness({ database: app.database, clock: () => app.now(), redisStatus: () => app.redisStatus(), log: request.log });
    return readiness.status === 'ready' ? readiness : reply.status(503).send(readiness);
  });
}
