import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { V1ActionPlanSchema, V1MonitoringTrendSchema } from '@/contracts/public-api.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { readActionPlan } from './read-action-plan.ts';
import { readTrend } from './read-trend.ts';

/** The public API's monitoring (ADR 228): risk over time and the action plan of the acting organisation. */
export async function monitoringV1Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'user', api: 'read' } as const;

  app.get('/api/v1/monitoring/trend', { config: read, schema: { response: { 200: V1MonitoringTrendSchema } } }, async (request) =>
    readTrend({ db: app.db, organizationId: requireAuth(request).user.organizationId }),
  );

  app.get('/api/v1/monitoring/plan', { config: read, schema: { response: { 200: V1ActionPlanSchema } } }, async (request) =>
    readActionPlan({ db: app.db, engine: app.engine, organizationId: requireAuth(request).user.organizationId, now: app.now() }),
  );
}
