import type { FastifyRequest } from 'fastify';

/** Stands in the route field for a request that matched no route (a 404 or a client page). */
export const NO_ROUTE = '(no route)';

/**
 * The route template a request matched (`/api/assessments/:id`), never the raw URL, whose path and
 * query string can carry a token or an address. The access line and the request metrics both name
 * requests by it, so one route has one name in logs and metrics.
 */
export function routePattern(request: FastifyRequest): string {
  return request.routeOptions.url ?? NO_ROUTE;
}
