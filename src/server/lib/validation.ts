import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ZodError, ZodType } from 'zod';
import { AppError, type FieldIssue } from '../errors.ts';

export function issuesFromZod(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));
}

/** The one 400 a bad input gets, from a route schema or a hand-called parseInput alike: every bad field named. */
export function badRequestFromZod(error: ZodError): AppError {
  const issues = issuesFromZod(error);
  return new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/**
 * Validates untrusted input at the edge; a failure becomes a 400 naming every bad field. Routes
 * declare their schemas instead (ADR 210); this stays for the inputs a route must read after a
 * check of its target (ADR 064) and for input read by hand.
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw badRequestFromZod(result.error);
}

/**
 * Fastify's validator for route schemas (`schema: { params, querystring, body }`, ADR 210). It
 * answers exactly as parseInput did: a missing body reads as `{}` (Fastify hands a validator
 * `null` for it) and a failure is the same AppError, so the error handler gives the same 400,
 * message, issues and log line. Fastify keeps an Error a validator returns as it is.
 */
export const validateRouteInput: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const result = schema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: badRequestFromZod(result.error) };
  };

/**
 * For a route that must check its target or count an attempt before it reads its input (ADR 064):
 * it declares its schemas with `attachValidation: true`, so Fastify hands the 400 to the handler
 * instead of answering it, and calls this where that check is done.
 */
export function rejectInvalidInput(request: FastifyRequest): void {
  if (request.validationError) throw request.validationError;
}

/**
 * For such a route whose target is its path id: a malformed id is refused before the look-up, as
 * parseInput did, while a bad body still waits for `rejectInvalidInput`. Fastify checks params
 * first and stops at the first failing part, so a params error is the only one it can hold then.
 */
export function rejectInvalidParams(request: FastifyRequest): void {
  if (request.validationError?.validationContext === 'params') throw request.validationError;
}
