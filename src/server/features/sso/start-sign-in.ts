import * as oidc from 'openid-client';
import { SSO_CALLBACK_PATH, SSO_ERROR_MESSAGES, type SsoStartResponse } from '@/contracts/sso.ts';
import type { Database } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { decryptSecret } from '../../lib/secret-crypto.ts';
import { emailDomainOf } from '../../sessions/sso-policy.ts';
import { insertAttempt } from './attempt-store.ts';
import { findConnectionForDomain, type ConnectionRow } from './connection-store.ts';
import { issuerTargetPolicy } from './issuer-policy.ts';
import { discoverProvider } from './provider-client.ts';
import { secretAssociatedData } from './save-connection.ts';

export const SSO_SCOPE = 'openid email profile';

export interface SignInEnvironment {
  db: Database;
  env: Pick<Env, 'APP_URL' | 'ENCRYPTION_KEY' | 'NODE_ENV' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'>;
  now: Date;
}

/** The one redirect URI of every connection: what owners register at their provider. */
export function callbackUrlOf(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, '')}${SSO_CALLBACK_PATH}`;
}

/** The provider configuration of a stored connection, its secret unsealed for this call only. */
export function configurationFor(connection: ConnectionRow, environment: SignInEnvironment): Promise<oidc.Configuration> {
  const clientSecret = decryptSecret(environment.env.ENCRYPTION_KEY, connection.clientSecretEnc, secretAssociatedData(connection.id));
  return discoverProvider({ issuer: connection.issuer, clientId: connection.clientId, clientSecret }, { targets: issuerTargetPolicy(environment.env), now: environment.now });
}

/**
 * POST /api/auth/sso/start: the e-mail's VERIFIED domain picks the connection; the attempt (PKCE
 * verifier, nonce, state as its hash) is stored for ten minutes and the browser is sent to the
 * provider with the address as login hint.
 */
export async function startSignIn(environment: SignInEnvironment & { email: string }): Promise<SsoStartResponse> {
  const { db, env, now } = environment;
  const email = environment.email.trim().toLowerCase();
  const domain = emailDomainOf(email);
  const connection = await findConnectionForDomain(db, domain);
  if (!connection) throw new AppError('bad_request', `No single sign-on is set up for ${domain}. Sign in with your password, or ask your organisation owner.`);

  let config: oidc.Configuration;
  try {
    config = await configurationFor(connection, environment);
  } catch {
    throw new AppError('unavailable', SSO_ERROR_MESSAGES.provider_unreachable, { retryAfterSeconds: 60 });
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await insertAttempt(db, { state, connectionId: connection.id, email, codeVerifier, nonce }, now);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrlOf(env.APP_URL),
    scope: SSO_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: email,
  });
  return { redirectUrl: url.toString() };
}
