import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable and your request may not have completed. Please try again in a few seconds.';
/** What a client is told to wait: about the health ping's period while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The routes that read or write the database; the probes, /metrics and the browser app's files do not need it. */
const NEEDS_DATABASE = /^\/(api|mcp|scim|oauth)(\/|$|\?)/;

export function databaseUnavailable(): AppError {
  return new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
}

/**
 * While the database cannot be reached (db/database-health.ts, ADR 278), a request that needs it
 * gets the retryable 503 with Retry-After at once, before any hook queries the database (sessions,
 * the per-address limits), instead of waiting on connections that will not answer. The error
 * handler gives the same answer to a query that fails for want of a connection and lowers the flag.
 *
 * Requests already under way when the flag goes down are answered the same at once: their queries
 * may sit in the driver's queue until the database returns, and a client must not wait for that.
 * Their handlers finish later (or fail) on a reply already sent, which Fastify logs once each; a
 * write among them may still be applied then, which the message says.
 */
async function databaseOutagePlugin(app: FastifyInstance) {
  const health = app.database.health;
  const underWay = new Map<FastifyRequest, FastifyReply>();
  app.addHook('onRequest', async (request, reply) => {
    if (!NEEDS_DATABASE.test(request.url)) return;
    if (!health.up) throw databaseUnavailable();
    underWay.set(request, reply);
  });
  app.addHook('onResponse', async (request) => {
    underWay.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    underWay.delete(request);
  });
  health.onDown(() => {
    for (const reply of underWay.values()) if (!reply.sent) answerUnavailable(reply);
    underWay.clear();
  });
  // A server pings all along (a silent database is noticed without a request); tests only after a failure.
  if (app.env.NODE_ENV !== 'test') app.addHook('onReady', async () => health.start(app.log));
  app.addHook('onClose', async () => health.stop());
}

export const databaseOutage = fp(databaseOutagePlugin, { name: 'database-outage' });

/** The 503 of an outage, sent outside the request's handler (the error handler gives the same). */
function answerUnavailable(reply: FastifyReply): void {
  const error = databaseUnavailable();
  reply.log.warn('request answered 503: the database became unreachable while it was under way');
  void reply.code(error.statusCode).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: error.message, code: error.code });
}
