import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldIssue } from '../errors.ts';
import { issuesFromZod } from '../lib/validation.ts';
import { auditRefusal } from '../lib/audit.ts';
import { maskPersonalData } from '../db/log-safe-error.ts';
import { isDatabaseUnreachable } from '../db/database-health.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from './database-outage.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** What an error is answered with, in CIFER's error format; other formats (OAuth, SCIM) are built from it. */
export interface ErrorAnswer {
  status: number;
  body: { message: string; code: string; issues?: FieldIssue[] };
  retryAfterSeconds?: number;
}

/**
 * The answer to an error, logged once here: every error handler (this plugin's, and the OAuth and
 * SCIM endpoints' that speak their own standard formats, ADRs 294 and 296) decides through it.
 */
export function answerError(error: FastifyError | AppError | ZodError | Error, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) {
    request.log.info({ code: error.code, status: error.statusCode, reason: maskPersonalData(error.message) }, 'request refused');
    // Refusals of a signed-in or cross-site caller are security events; MFA steps are the normal flow.
    if (error.code === 'forbidden') auditRefusal(request, { code: error.code, message: error.message });
    const body = { message: error.message, code: error.code, ...(error.details.issues ? { issues: error.details.issues } : {}) };
    return { status: error.statusCode, body, ...(error.details.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.details.retryAfterSeconds }) };
  }
  if (error instanceof ZodError) return invalidInput(request, issuesFromZod(error));
  if (error instanceof ResponseSerializationError) {
    // An answer that does not match its route's response schema is a bug of ours (ADR 210): logged
    // once with the route and the failing field paths (never the values), answered with the generic 500.
    const issues = error.cause.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code }));
    request.log.error({ err: error, route: request.routeOptions.url, issues }, 'response does not match its schema');
    return { status: 500, body: { message: INTERNAL_MESSAGE, code: 'internal' } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The library's own validator (lib/validation.ts's validateRouteInput is the one set in app.ts)
    // still gets today's 400 with field paths.
    return invalidInput(
      request,
      error.validation.map((issue) => ({ path: issue.instancePath.slice(1).replaceAll('/', '.') || '(body)', message: issue.message ?? 'Invalid input' })),
    );
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = clientMessage(error, status);
    request.log.info({ status, fastifyCode: 'code' in error ? error.code : undefined, reason: maskPersonalData(message) }, 'request refused');
    return { status, body: { message, code: codeForStatus(status) } };
  }
  if (isDatabaseUnreachable(error)) {
    // Not our bug and not the client's: the database is away (ADR 278). The flag goes down so the
    // next requests are answered at once, and this one gets the same retryable 503.
    request.server.database.health.reportUnreachable();
    request.log.warn({ err: error }, 'request failed: database unreachable');
    const unavailable = databaseUnavailable();
    return { status: unavailable.statusCode, body: { message: unavailable.message, code: unavailable.code }, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { message: INTERNAL_MESSAGE, code: 'internal' } };
}

function invalidInput(request: FastifyRequest, issues: FieldIssue[]): ErrorAnswer {
  request.log.info({ issues: issues.map((issue) => ({ path: maskPersonalData(issue.path), message: maskPersonalData(issue.message) })) }, 'invalid request');
  return { status: 400, body: { message: issues.map((i) => `${i.path}: ${i.message}`).join('; '), code: 'bad_request', issues } };
}

/** Sets Retry-After when the answer has one. */
export function retryAfterHeader(reply: FastifyReply, answer: ErrorAnswer): FastifyReply {
  return answer.retryAfterSeconds === undefined ? reply : reply.header('Retry-After', String(Math.max(1, Math.ceil(answer.retryAfterSeconds))));
}

/**
 * The one place errors become responses. 4xx bodies carry a message a person can act on;
 * 5xx bodies never carry internals. Each error is logged once, with the request id. A refusal's
 * message may name the caller's own details (an invited address) and a parser's message quotes
 * the body it could not read, so the log gets the message the client got, with e-mail addresses
 * and hashes masked (ADR 171, 180).
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    const answer = answerError(error, request);
    return retryAfterHeader(reply, answer).status(answer.status).send(answer.body);
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
