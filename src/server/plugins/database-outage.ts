import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
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
 */
async function databaseOutagePlugin(app: FastifyInstance) {
  const health = app.database.health;
  app.addHook('onRequest', async (request) => {
    if (!health.up && NEEDS_DATABASE.test(request.url)) throw databaseUnavailable();
  });
  // A server pings all along (a silent database is noticed without a request); tests only after a failure.
  if (app.env.NODE_ENV !== 'test') app.addHook('onReady', async () => health.start(app.log));
  app.addHook('onClose', async () => health.stop());
}

export const databaseOutage = fp(databaseOutagePlugin, { name: 'database-outage' });
