import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { maskPersonalData } from '../../db/log-safe-error.ts';
import { answerError, retryAfterHeader } from '../../plugins/error-handler.ts';

/**
 * Errors of the OAuth endpoints in OAuth's own format (RFC 6749 section 5.2, RFC 7591 section 3.2.2,
 * ADR 294): `{ "error": code, "error_description": text }`, so an assistant's OAuth library reads
 * them. Everything else that can go wrong on those endpoints (a rate limit, a body that is not a
 * form) is decided by the app's error handler and said in the same format.
 */

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable'
  | 'server_error';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

function oauthCodeForStatus(status: number): OAuthErrorCode {
  if (status === 401) return 'invalid_client';
  if (status === 429 || status === 503) return 'temporarily_unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

export function oauthErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  void reply.header('Cache-Control', 'no-store');
  if (error instanceof OAuthError) {
    request.log.info({ oauthError: error.error, status: error.status, reason: maskPersonalData(error.description) }, 'oauth request refused');
    // A client that authenticated with HTTP Basic is told so when that failed (RFC 6749 section 5.2).
    if (error.status === 401 && /^basic /i.test(request.headers.authorization ?? '')) void reply.header('WWW-Authenticate', 'Basic realm="cifer"');
    return reply.status(error.status).send({ error: error.error, error_description: error.description });
  }
  const answer = answerError(error, request);
  return retryAfterHeader(reply, answer).status(answer.status).send({ error: oauthCodeForStatus(answer.status), error_description: answer.body.message });
}
