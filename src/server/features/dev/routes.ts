import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';

export const DEV_BYPASS_DISABLED_MESSAGE = 'The development super-admin sign-in is disabled in this build.';

/**
 * The spec names GET /api/dev/super-admin-auth as "defined but disabled" (threat T14, CFG-01).
 * It is public so the refusal is the same for everyone, and it never reads or creates a session,
 * in any environment: there is no code path here that could sign anyone in.
 */
export async function devRoutes(app: FastifyInstance) {
  app.get('/api/dev/super-admin-auth', { config: { access: 'public' } }, async () => {
    throw new AppError('not_found', DEV_BYPASS_DISABLED_MESSAGE);
  });
}
