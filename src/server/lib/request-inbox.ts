import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { parseInput } from './validation.ts';

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
  list(): Promise<T[]>;
  setStatus(id: string, status: S): Promise<T | null>;
}

export function registerRequestInbox<T, S extends string>(app: FastifyInstance, inbox: RequestInbox<T, S>): void {
  const idParams = z.object({ id: z.uuid(`Unknown ${inbox.noun.toLowerCase()}`) });

  app.get(`/api/admin/${inbox.path}`, { config: { access: 'admin' } }, async (): Promise<{ requests: T[] }> => ({ requests: await inbox.list() }));

  app.patch(`/api/admin/${inbox.path}/:id`, { config: { access: 'admin' } }, async (request): Promise<T> => {
    const { id } = parseInput(idParams, request.params);
    const { status } = parseInput(inbox.updateSchema, request.body);
    const updated = await inbox.setStatus(id, status);
    if (!updated) throw new AppError('not_found', `${inbox.noun} not found`);
    return updated;
  });
}
