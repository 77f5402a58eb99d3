import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SCIM_SCHEMAS } from '@/contracts/scim.ts';
import { maskPersonalData } from '../../db/log-safe-error.ts';
import { answerError, retryAfterHeader } from '../../plugins/error-handler.ts';

/**
 * SCIM's error answers (RFC 7644 section 3.12, ADR 296): `{ schemas: [Error], status, scimType?,
 * detail }`. Whatever else fails on a SCIM route (a rate limit, a body that is not JSON) is decided
 * by the app's error handler and said in the same schema.
 */

export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

export function scimErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  void reply.type(SCIM_CONTENT_TYPE);
  if (error instanceof ScimError) {
    request.log.info({ status: error.status, scimType: error.scimType, reason: maskPersonalData(error.detail) }, 'scim request refused');
    if (error.status === 401) void reply.header('WWW-Authenticate', 'Bearer realm="cifer-scim"');
    return reply.status(error.status).send(scimErrorBody(error.status, error.detail, error.scimType));
  }
  const answer = answerError(error, request);
  const scimType = answer.status === 400 ? 'invalidValue' : undefined;
  return retryAfterHeader(reply, answer).status(answer.status).send(scimErrorBody(answer.status, answer.body.message, scimType));
}
