import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LivenessResponseSchema, ReadinessResponseSchema } from '@/contracts/health.ts';
import { checkReadiness } from './check-readiness.ts';
import { createEngineProbe, ENGINE_NOT_READY_MESSAGE } from './engine-probe.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown has begun (ADR 236): readiness answers 503 so a balancer stops sending, requests are still served. */
    drain: { readonly draining: boolean; begin(): void };
  }
}

export const DRAINING_MESSAGE = 'Shutting down';

/**
 * Liveness (the process answers) and readiness (the database answers, a probe run of the model
 * passed (engine-probe.ts, ADR 276); Redis reported, ADR 200) for
 * load balancers. A plugin without encapsulation, so `app.drain` is the whole app's: main.ts flips
 * it when a SIGTERM arrives, before the listener closes.
 */
async function health(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let draining = false;
  app.decorate('drain', {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  });
  const probe = createEngineProbe(app.engine, app.log);
  // Not awaited: the listener opens at once and readiness follows the probe's answer.
  app.addHook('onReady', async () => probe.start());
  app.get('/healthz', { schema: { response: { 200: LivenessResponseSchema } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } }, async (request, reply) => {
    if (draining) return reply.status(503).send({ status: 'unavailable' as const, message: DRAINING_MESSAGE });
    const readiness = await checkReadiness({ database: app.database, clock: () => app.now(), redisStatus: () => app.redisStatus(), log: request.log });
    if (readiness.status !== 'ready') return reply.status(503).send(readiness);
    if (!(await probe.passed())) {
      return reply.status(503).send({ status: 'unavailable' as const, message: ENGINE_NOT_READY_MESSAGE });
    }
    return readiness;
  });
}

export const healthRoutes = fp(health, { name: 'health' });
