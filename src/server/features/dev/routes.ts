import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorResponseSchema } from '@/contracts/api.ts';
import { AppError } from '../../errors.ts';

export const DEV_BYPASS_DISABLED_MESSAGE = 'The development super-admin sign-in is disabled in this build.';

/**
 * The spec names GET /api/dev/super-admin-auth as "defined but disabled" (threat T14, CFG-01).
 * It is public so the refusal is the same for everyone, and it never reads or creates a session,
 * in any environment: there is no code path here that could sign anyone in. Its only answer is
 * the 404, so that is the answer its schema declares.
 */
export async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/dev/super-admin-auth', { config: { access: 'public' }, schema: { response: { 404: ApiErrorResponseSchema } } }, async () => {
    throw new AppError('not_found', DEV_BYPASS_DISABLED_MESSAGE);
  });
}
