import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * A request inbox: messages people send to the team (help requests, consultation requests) that
 * administrators list newest first and move through statuses. Each feature keeps its own table,
 * form and e-mail; this module gives them the same admin routes:
 *   GET   /api/admin/<path>        → { requests: T[] }
 *   PATCH /api/admin/<path>/:id    { status } → T   (404 when the id is unknown)
 */
export interface RequestInbox<T, S extends string> {
  /** URL segment under /api/admin/. */
  path: string;
  /** Shown in 404 and 400 messages, e.g. 'Help request'. */
  noun: string;
  /** The contract of the PATCH body. */
  updateSchema: z.ZodType<{ status: S }>;
  /** The contract of one request as administrators read it (the answer is serialized from it, ADR 210). */
  itemSchema: z.ZodType<T>;
  list(): Promise<T[]>;
  setStatus(id: string, status: S): Promise<T | null>;
}

export function registerRequestInbox<T, S extends string>(fastify: FastifyInstance, inbox: RequestInbox<T, S>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.uuid(`Unknown ${inbox.noun.toLowerCase()}`) });
  const listSchema = z.object({ requests: z.array(inbox.itemSchema) });

  app.get(`/api/admin/${inbox.path}`, { config: { access: 'admin' }, schema: { response: { 200: listSchema } } }, async () => ({ requests: await inbox.list() }));

  // The answer's type is the inbox's generic T, which the type provider cannot resolve, so this
  // route names its input types itself; the schemas still validate and serialize it.
  fastify.patch<{ Params: z.output<typeof params>; Body: { status: S } }>(`/api/admin/${inbox.path}/:id`, { config: { access: 'admin' }, schema: { params, body: inbox.updateSchema, response: { 200: inbox.itemSchema } } }, async (request) => {
    const updated: T | null = await inbox.setStatus(request.params.id, request.body.status);
    if (updated === null) throw new AppError('not_found', `${inbox.noun} not found`);
    return updated;
  });
}
