import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import { ClientConfigSchema, ClientErrorReportResponseSchema, ClientErrorReportSchema } from '@/contracts/client-errors.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { scrubMessage, scrubPath } from './scrub.ts';

/** A crashing page reports once per crash; a few a minute per address is generous, a loop is not. */
export const CLIENT_ERROR_LIMIT_PER_ADDRESS = 10;
export const CLIENT_ERROR_WINDOW_MS = 60_000;

/**
 * The error screen's report (ADR 281): logged at warn with a scrubbed message and path and counted
 * in cifer_client_errors_total{kind}, so an operator sees a crash without a user having to write.
 * Public: the interface can crash before anyone signs in. No user, address or agent is logged
 * beyond the access log's usual line.
 */
export async function clientErrorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reported = new Counter({
    name: 'cifer_client_errors_total',
    help: 'Interface errors reported by browsers, by kind (render, chunk_load, uncaught)',
    labelNames: ['kind'] as const,
    registers: [app.metrics.registry],
  });

  const schema = { body: ClientErrorReportSchema, response: { 202: ClientErrorReportResponseSchema } };
  app.post('/api/client-errors', { config: { access: 'public' }, schema }, async (request, reply) => {
    await enforceRateLimit(app, `client-errors:ip:${request.ip}`, CLIENT_ERROR_LIMIT_PER_ADDRESS, CLIENT_ERROR_WINDOW_MS, 'Too many error reports from this network. Please wait a minute.');
    const { kind, message, path } = request.body;
    reported.inc({ kind });
    request.log.warn({ clientError: { kind, message: scrubMessage(message), path: scrubPath(path) } }, 'interface error reported by a browser');
    void reply.status(202);
    return { reported: true as const, supportEmail: app.env.SUPPORT_EMAIL };
  });

  app.get('/api/client-config', { config: { access: 'public' }, schema: { response: { 200: ClientConfigSchema } } }, async (_request, reply) => {
    // Revalidated, not cached for long: an operator who changes SUPPORT_EMAIL sees it on the next load.
    void reply.header('Cache-Control', 'no-cache');
    return { supportEmail: app.env.SUPPORT_EMAIL };
  });
}
