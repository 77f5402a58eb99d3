import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { issuesFromZod } from '../lib/validation.ts';
import { auditRefusal } from '../lib/audit.ts';
import { maskPersonalData } from '../db/log-safe-error.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The one place errors become responses. 4xx bodies carry a message a person can act on;
 * 5xx bodies never carry internals. Each error is logged once, with the request id. A refusal's
 * message may name the caller's own details (an invited address) and a parser's message quotes
 * the body it could not read, so the log gets the message the client got, with e-mail addresses
 * and hashes masked (ADR 171, 180).
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code, status: error.statusCode, reason: maskPersonalData(error.message) }, 'request refused');
      // Refusals of a signed-in or cross-site caller are security events; MFA steps are the normal flow.
      if (error.code === 'forbidden') auditRefusal(request, { code: error.code, message: error.message });
      if (error.details.retryAfterSeconds !== undefined) {
        void reply.header('Retry-After', String(Math.max(1, Math.ceil(error.details.retryAfterSeconds))));
      }
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.details.issues ? { issues: error.details.issues } : {}),
      });
    }
    if (error instanceof ZodError) {
      const issues = issuesFromZod(error);
      request.log.info({ issues: issues.map((issue) => ({ path: maskPersonalData(issue.path), message: maskPersonalData(issue.message) })) }, 'invalid request');
      return reply.status(400).send({ message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), code: 'bad_request', issues });
    }
    if (error instanceof ResponseSerializationError) {
      // An answer that does not match its route's response schema is a bug of ours (ADR 210): logged
      // once with the route and the failing field paths (never the values), answered with the generic 500.
      const issues = error.cause.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code }));
      request.log.error({ err: error, route: request.routeOptions.url, issues }, 'response does not match its schema');
      return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'internal' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The library's own validator (lib/validation.ts's validateRouteInput is the one set in app.ts)
      // still gets today's 400 with field paths.
      const issues = error.validation.map((issue) => ({ path: issue.instancePath.slice(1).replaceAll('/', '.') || '(body)', message: issue.message ?? 'Invalid input' }));
      request.log.info({ issues: issues.map((issue) => ({ path: maskPersonalData(issue.path), message: maskPersonalData(issue.message) })) }, 'invalid request');
      return reply.status(400).send({ message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), code: 'bad_request', issues });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = clientMessage(error, status);
      request.log.info({ status, fastifyCode: 'code' in error ? error.code : undefined, reason: maskPersonalData(message) }, 'request refused');
      return reply.status(status).send({ message, code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'internal' });
  });
}

function clientMessage(error: Error & { code?: string }, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (Content-Type: application/json)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty: send a JSON object';
    default:
      if (status === 400 && error.message.includes('JSON')) return 'Request body is not valid JSON';
      return error.message;
  }
}

function codeForStatus(status: number): string {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
