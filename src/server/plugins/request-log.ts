import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per finished request (ADR 172) instead of Fastify's "incoming request" and "request
 * completed" pair: the request id (pino's reqId on request.log), the method, the route pattern
 * (never the raw URL, which can carry a token in its query string), the status and the time.
 */
async function requestLogPlugin(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line = { method: request.method, route: request.routeOptions.url ?? '(no route)', status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (status >= 500) request.log.error(line, 'request completed');
    else request.log.info(line, 'request completed');
    done();
  });
}

export const requestLog = fp(requestLogPlugin, { name: 'request-log' });
