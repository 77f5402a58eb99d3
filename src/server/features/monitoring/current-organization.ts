import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * The organisation every monitoring query is scoped by: the one place to switch when users can
 * belong to several organisations (issue #15 chooses the current one).
 */
export function currentOrganizationId(request: FastifyRequest): string {
  // access 'user' has already checked this; the guard keeps the types honest.
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth.user.organizationId;
}

export function currentUserId(request: FastifyRequest): string {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth.user.id;
}
