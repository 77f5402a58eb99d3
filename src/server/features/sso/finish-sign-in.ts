import * as oidc from 'openid-client';
import type { SsoCallbackQuery } from '@/contracts/sso.ts';
import type { Audit } from '../../lib/audit.ts';
import { selectSessionOrganization } from '../../sessions/revocation.ts';
import { createSession, deleteSession, hashToken } from '../../sessions/session-store.ts';
import { emailDomainOf } from '../../sessions/sso-policy.ts';
import { claimAttempt, type AttemptRow } from './attempt-store.ts';
import { findConnectionById, isVerifiedDomainOf, type ConnectionRow } from './connection-store.ts';
import { readDirectoryPerson, type DirectoryPerson } from './directory-claims.ts';
import { provisionMember } from './provision-member.ts';
import { callbackUrlOf, configurationFor, type SignInEnvironment } from './start-sign-in.ts';
import { classifyProviderError, SsoSignInFailure } from './sign-in-failure.ts';

export interface CallbackRequest {
  /** The query as validated; null when it was malformed. */
  query: SsoCallbackQuery | null;
  /** The raw query string (without "?"): openid-client reads the whole answer, `iss` included. */
  rawQuery: string;
  client: { ip: string; userAgent: string | undefined };
  /** A session presented with the request: it ends here, as at password log-in (fixation). */
  presentedSessionId: string | null;
  audit: Audit;
}

const PROVIDER_REFUSED_CLIENT = new Set(['invalid_client', 'unauthorized_client']);

/** The attempt of this state, once; anything else (missing, replayed, expired, connection gone) is state_mismatch. */
async function claimSignIn(environment: SignInEnvironment, query: SsoCallbackQuery | null): Promise<{ attempt: AttemptRow; state: string; connection: ConnectionRow }> {
  const state = query?.state;
  if (!state) throw new SsoSignInFailure('state_mismatch', query ? 'missing_state' : 'malformed_query');
  const attempt = await claimAttempt(environment.db, state, environment.now);
  if (!attempt) throw new SsoSignInFailure('state_mismatch', 'unknown_or_expired_state');
  const connection = await findConnectionById(environment.db, attempt.connectionId);
  if (!connection) throw new SsoSignInFailure('state_mismatch', 'connection_gone');
  return { attempt, state, connection };
}

/**
 * The code for tokens (PKCE verifier, expected state and nonce): openid-client checks the ID
 * token's signature against the provider's keys, its issuer, audience, times and nonce. Claims
 * missing from the ID token (some providers keep e-mail for user info) are read from user info.
 */
async function redeemCode(environment: SignInEnvironment & CallbackRequest, claimed: { attempt: AttemptRow; state: string; connection: ConnectionRow }): Promise<Record<string, unknown>> {
  const { attempt, state, connection } = claimed;
  try {
    const config = await configurationFor(connection, environment);
    const currentUrl = new URL(`${callbackUrlOf(environment.env.APP_URL)}?${environment.rawQuery}`);
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: attempt.codeVerifier, expectedState: state, expectedNonce: attempt.nonce, idTokenExpected: true });
    const claims = tokens.claims();
    if (!claims) throw new SsoSignInFailure('token_invalid', 'no_id_token');
    if (claims.email !== undefined) return claims;
    const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { ...userInfo, ...claims };
  } catch (error) {
    const { code, reason } = classifyProviderError(error);
    throw new SsoSignInFailure(code, reason);
  }
}

/** The provider's person, if it may enter this connection's organisation. */
async function admissiblePerson(environment: SignInEnvironment, connection: ConnectionRow, claims: Record<string, unknown>): Promise<DirectoryPerson> {
  const person = readDirectoryPerson(claims);
  if (!person) throw new SsoSignInFailure('email_not_verified', 'no_email_claim');
  if (!person.emailVerified) throw new SsoSignInFailure('email_not_verified', 'email_verified_not_true');
  // A connection of organisation A never signs anyone into organisation B: the address's domain
  // must be one A has verified (an unverified domain lets nobody in).
  if (!(await isVerifiedDomainOf(environment.db, connection.organizationId, emailDomainOf(person.email)))) {
    throw new SsoSignInFailure('domain_not_covered', 'domain_not_verified_for_organization');
  }
  return person;
}

/** Attaches where the failure happened, for the log and audit. */
function located(error: unknown, connection: ConnectionRow): unknown {
  if (!(error instanceof SsoSignInFailure) || error.where.connectionId) return error;
  return new SsoSignInFailure(error.code, error.reason, { connectionId: connection.id, organizationId: connection.organizationId });
}

/**
 * GET /api/auth/sso/callback: claims the attempt, redeems the code, admits the person and starts
 * a session exactly as password log-in does: password-only, so the two-factor gate applies next
 * (ADR 227). Throws SsoSignInFailure with the code the sign-in page explains.
 */
export async function finishSignIn(environment: SignInEnvironment & CallbackRequest): Promise<{ sessionToken: string; userId: string; organizationId: string }> {
  const { db, now, query, client, presentedSessionId, audit } = environment;
  const claimed = await claimSignIn(environment, query);
  const { connection } = claimed;
  try {
    if (query?.error) throw new SsoSignInFailure(PROVIDER_REFUSED_CLIENT.has(query.error) ? 'invalid_client' : 'provider_denied', query.error);
    const claims = await redeemCode(environment, claimed);
    const person = await admissiblePerson(environment, connection, claims);
    const { userId } = await provisionMember({ db, connection, person, now, audit });

    if (presentedSessionId) await deleteSession(db, presentedSessionId);
    const sessionToken = await createSession(db, userId, now, { ip: client.ip, userAgent: client.userAgent });
    await selectSessionOrganization(db, hashToken(sessionToken), userId, connection.organizationId);
    await audit({ action: 'sso.login', actorUserId: userId, targetUserId: userId, organizationId: connection.organizationId, details: { connectionId: connection.id } });
    return { sessionToken, userId, organizationId: connection.organizationId };
  } catch (error) {
    throw located(error, connection);
  }
}
