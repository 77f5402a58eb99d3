import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { routePattern } from './route-pattern.ts';

/**
 * The one access line of a finished request (ADR 205), written through `request.log`, so it carries
 * the request id and goes through the logger's redaction and serializers like every other line.
 * Its fields are the method, the route pattern (never the raw URL, whose path and query string can
 * carry a token or an address), the status and the milliseconds; a 5xx is at error level.
 */
async function logFinishedRequest(request: FastifyRequest, reply: FastifyReply) {
  const status = reply.statusCode;
  const line = { method: request.method, route: routePattern(request), status, ms: Math.round(reply.elapsedTime * 10) / 10 };
  if (status >= 500) request.log.error(line, 'request completed');
  else request.log.info(line, 'request completed');
}

/**
 * Registers the access line as an `onResponse` hook on every route, the 404 handler included.
 * Fastify's own request lines ("incoming request", "request completed" with the whole request and
 * response) stay off in app.ts: two lines per request, and the raw URL in them.
 */
async function accessLogPlugin(app: FastifyInstance) {
  app.addHook('onResponse', logFinishedRequest);
}

export const accessLog = fp(accessLogPlugin, { name: 'access-log' });
