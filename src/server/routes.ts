import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './features/auth/session-routes.ts';
import { healthRoutes } from './features/health/routes.ts';

/**
 * The one list of feature route plugins. Each feature owns its folder under features/ and
 * declares `config.access` on every /api route (see plugins/access.ts).
 */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
}
