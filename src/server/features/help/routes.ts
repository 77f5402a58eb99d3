import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SubmitHelpRequestInputSchema,
  UpdateHelpRequestInputSchema,
  type HelpRequest,
  type HelpRequestList,
  type SubmitHelpRequestResponse,
} from '@/contracts/help.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { listHelpRequests, updateHelpRequestStatus } from './help-repository.ts';
import { submitHelpRequest } from './submit-help-request.ts';
import { requireAuth } from '../../sessions/auth-context.ts';

/** Each request e-mails support: a person rarely needs more than a handful an hour. */
export const HELP_LIMIT_PER_USER = 10;
export const HELP_WINDOW_MS = 60 * 60_000;

const IdParamsSchema = z.object({ id: z.uuid('Unknown help request') });

export async function helpRoutes(app: FastifyInstance) {
  app.post('/api/help/submit', { config: { access: 'user' } }, async (request, reply): Promise<SubmitHelpRequestResponse> => {
    const input = parseInput(SubmitHelpRequestInputSchema, request.body);
    const user = requireAuth(request).user;
    const hit = await app.rateLimiter.hit(`help:user:${user.id}`, HELP_LIMIT_PER_USER, HELP_WINDOW_MS);
    if (!hit.allowed) {
      throw new AppError('rate_limited', 'Too many help requests. Please wait a while or e-mail support directly.', {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
    }
    const id = await submitHelpRequest({
      db: app.db,
      mailer: app.mailer,
      supportEmail: app.env.SUPPORT_EMAIL,
      user,
      input,
      now: app.now(),
    });
    request.log.info({ helpRequestId: id, userId: user.id }, 'help request stored');
    void reply.status(201);
    return { id, message: 'Your help request has been sent to our support team.' };
  });

  app.get('/api/admin/help-requests', { config: { access: 'admin' } }, async (): Promise<HelpRequestList> => {
    return { requests: await listHelpRequests(app.db) };
  });

  app.patch('/api/admin/help-requests/:id', { config: { access: 'admin' } }, async (request): Promise<HelpRequest> => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { status } = parseInput(UpdateHelpRequestInputSchema, request.body);
    const updated = await updateHelpRequestStatus(app.db, id, status, app.now());
    if (!updated) throw new AppError('not_found', 'Help request not found');
    return updated;
  });
}
