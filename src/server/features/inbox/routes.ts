import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InboxItemSchema, InboxSchema, UpdateInboxItemInputSchema } from '@/contracts/inbox.ts';
import { AppError } from '../../errors.ts';
import { listInbox, setInboxItemStatus } from './inbox-repository.ts';

const params = z.object({ id: z.uuid('Unknown request') });

/**
 * The administrators' one inbox (ADR 306): what people sent the team, help and consultation
 * requests alike, newest first, each moved through its kind's statuses.
 */
export async function inboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/admin/inbox', { config: { access: 'admin' }, schema: { response: { 200: InboxSchema } } }, async () => ({
    requests: await listInbox(app.db),
  }));

  const updateSchema = { params, body: UpdateInboxItemInputSchema, response: { 200: InboxItemSchema } };
  app.patch('/api/admin/inbox/:id', { config: { access: 'admin' }, schema: updateSchema }, async (request) => {
    const updated = await setInboxItemStatus(app.db, request.params.id, request.body, app.now());
    if (!updated) throw new AppError('not_found', 'Request not found');
    return updated;
  });
}
