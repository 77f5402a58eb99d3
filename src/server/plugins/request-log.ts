import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One line per finished request (ADR 172) instead of Fastify's "incoming request" and "request
 * completed" pair: the request id, the method, the route pattern (never the raw URL, which can carry
 * a token in its query string), the status and the time.
 *
 * The line is written by a child logger without the redaction paths (ADR 185): every field is
 * known safe by construction, and the wildcard paths of LOG_REDACT_PATHS made pino run the redactor
 * on each field of each line, a twentieth of a small request's time. Every other line keeps them.
 */
async function requestLogPlugin(app: FastifyInstance) {
  const accessLog = app.log.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line = { reqId: request.id, method: request.method, route: request.routeOptions.url ?? '(no route)', status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (status >= 500) accessLog.error(line, 'request completed');
    else accessLog.info(line, 'request completed');
    done();
  });
}

export const requestLog = fp(requestLogPlugin, { name: 'request-log' });
