import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SubmitHelpRequestInputSchema, SubmitHelpRequestResponseSchema } from '@/contracts/help.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { submitHelpRequest } from './submit-help-request.ts';

/** Each request e-mails support: a person rarely needs more than a handful an hour. */
export const HELP_LIMIT_PER_USER = 10;
export const HELP_WINDOW_MS = 60 * 60_000;

export async function helpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { body: SubmitHelpRequestInputSchema, response: { 201: SubmitHelpRequestResponseSchema } };
  app.post('/api/help/submit', { config: { access: 'user' }, schema }, async (request, reply) => {
    const input = request.body;
    const user = requireAuth(request).user;
    await enforceRateLimit(app, `help:user:${user.id}`, HELP_LIMIT_PER_USER, HELP_WINDOW_MS, 'Too many help requests. Please wait a while or e-mail support directly.');
    const id = await submitHelpRequest({ db: app.db, mailer: app.mailer, supportEmail: app.env.SUPPORT_EMAIL, user, input, now: app.now() });
    request.log.info({ helpRequestId: id, userId: user.id }, 'help request stored');
    void reply.status(201);
    return { id, message: 'Your help request has been sent to our support team.' };
  });
}
