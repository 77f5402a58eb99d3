import * as oidc from 'openid-client';
import type { SsoErrorCode } from '@/contracts/sso.ts';
import { OutboundTargetRefused } from '../../lib/outbound-target.ts';
import { IssuerRefusedError } from './provider-client.ts';

/**
 * Why a sign-in did not finish, as the code the sign-in page explains, with a short reason for the
 * log and audit (an error code or name: never a token, code, claim value or secret).
 */
export class SsoSignInFailure extends Error {
  override readonly name = 'SsoSignInFailure';
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
    readonly where: { connectionId?: string; organizationId?: string } = {},
  ) {
    super(`single sign-on failed: ${code}`);
  }
}

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);
/** openid-client's codes for a provider that answered nothing usable (timeout, error page, not JSON). */
const UNREACHABLE_CLIENT_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);
const CLIENT_REFUSED = new Set(['invalid_client', 'unauthorized_client']);

/** Every error and cause down the chain (openid-client wraps oauth4webapi's errors, fetch wraps the socket's). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error, depth = 0; current !== null && current !== undefined && depth < 6; depth += 1) {
    chain.push(current);
    current = typeof current === 'object' && 'cause' in current ? (current as { cause: unknown }).cause : undefined;
  }
  return chain;
}

function stringField(value: unknown, field: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(field in value)) return undefined;
  const found = (value as Record<string, unknown>)[field];
  return typeof found === 'string' ? found : undefined;
}

function isNetworkFailure(chain: unknown[]): boolean {
  return chain.some((link) => NETWORK_ERROR_CODES.has(stringField(link, 'code') ?? '') || (link instanceof TypeError && link.message === 'fetch failed'));
}

/** The JWT claim a failed comparison was about ('nonce', 'aud', 'iss', ...), if the library says. */
function comparedClaim(chain: unknown[]): string | undefined {
  for (const link of chain) {
    const claim = stringField(link, 'claim');
    if (claim) return claim;
  }
  return undefined;
}

function failure(code: SsoErrorCode, reason: string): { code: SsoErrorCode; reason: string } {
  return { code, reason };
}

/** Maps what went wrong talking to the provider onto the code the person is shown. */
export function classifyProviderError(error: unknown): { code: SsoErrorCode; reason: string } {
  if (error instanceof SsoSignInFailure) return failure(error.code, error.reason);
  if (error instanceof IssuerRefusedError) return failure('provider_unreachable', 'issuer_refused');
  // A discovered endpoint or a resolved address the outbound rule refuses (ADR 288): never contacted.
  if (causeChain(error).some((link) => link instanceof OutboundTargetRefused)) return failure('provider_unreachable', 'target_refused');
  if (error instanceof oidc.ResponseBodyError) {
    if (CLIENT_REFUSED.has(error.error)) return failure('invalid_client', error.error);
    // A code already redeemed, expired, or not made for this verifier: start again.
    if (error.error === 'invalid_grant') return failure('state_mismatch', error.error);
    return failure('token_invalid', error.error);
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    // A 401 from the token endpoint with a challenge: the provider did not accept the client's credentials.
    const challenged = error.cause.map((challenge) => challenge.parameters.error).find((value) => value !== undefined) ?? 'challenge';
    return CLIENT_REFUSED.has(challenged) || error.status === 401 ? failure('invalid_client', challenged) : failure('token_invalid', challenged);
  }
  if (error instanceof oidc.AuthorizationResponseError) {
    return CLIENT_REFUSED.has(error.error) ? failure('invalid_client', error.error) : failure('provider_denied', error.error);
  }
  const chain = causeChain(error);
  if (isNetworkFailure(chain)) return failure('provider_unreachable', 'network');
  const code = error instanceof oidc.ClientError ? (error.code ?? 'unknown') : error instanceof Error ? error.name : 'unknown';
  if (UNREACHABLE_CLIENT_CODES.has(code)) return failure('provider_unreachable', code);
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return failure('clock_skew', code);
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && comparedClaim(chain) === 'nonce') return failure('nonce_mismatch', code);
  if (code === 'OAUTH_INVALID_RESPONSE' && chain.some((link) => link instanceof Error && link.message.includes('"state"'))) return failure('state_mismatch', code);
  return failure('token_invalid', code);
}
