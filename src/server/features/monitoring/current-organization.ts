import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../sessions/auth-context.ts';

/**
 * The organisation every monitoring query is scoped by: the one place to switch when users can
 * belong to several organisations (issue #15 chooses the current one).
 */
export function currentOrganizationId(request: FastifyRequest): string {
  return requireAuth(request).user.organizationId;
}

export function currentUserId(request: FastifyRequest): string {
  return requireAuth(request).user.id;
}
