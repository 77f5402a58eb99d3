import * as oidc from 'openid-client';
import { guardedFetch } from '../../lib/guarded-fetch.ts';
import { resolveWithDns, type HostResolver, type TargetPolicy } from '../../lib/outbound-target.ts';
import { checkIssuer, ISSUER_LABEL } from './issuer-policy.ts';

/** How long one call to the provider may take: a sign-in waits on it, so a dead provider fails soon. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  /** Plain text: only ever held in memory for the call. */
  clientSecret: string;
}

export interface ProviderContext {
  /** The outbound target rule (ADR 288): the issuer and every URL its discovery names must pass it. */
  targets: TargetPolicy;
  /** DNS; tests pass a fake to make a name resolve to a refused address. */
  resolve?: HostResolver;
  /** The app's clock: ID token times (exp, iat, nbf) are judged by it, like every other time rule of the app. */
  now: Date;
}

/** The issuer was refused by checkIssuer (e.g. saved before a stricter setting): it is never contacted. */
export class IssuerRefusedError extends Error {
  override readonly name = 'IssuerRefusedError';
}

/**
 * The provider's discovery document, read now; openid-client checks that it names the same issuer.
 * Nothing secret is sent.
 */
export async function readDiscovery(settings: Pick<ProviderSettings, 'issuer' | 'clientId'>, context: ProviderContext): Promise<{ server: oidc.ServerMetadata; allowHttp: boolean }> {
  const issuer = checkIssuer(settings.issuer, context.targets);
  if (!issuer.ok) throw new IssuerRefusedError(issuer.message);
  const execute = issuer.allowHttp ? [oidc.allowInsecureRequests] : [];
  const discovered = await oidc.discovery(issuer.url, settings.clientId, undefined, undefined, {
    execute,
    timeout: PROVIDER_TIMEOUT_SECONDS,
    [oidc.customFetch]: providerFetch(context),
  });
  return { server: discovered.serverMetadata(), allowHttp: issuer.allowHttp };
}

/**
 * Every call to the provider (discovery, keys, token, user info) goes through the outbound target
 * rule at the moment of the call, so a discovery document naming an internal address, or a name
 * that resolves there later, is refused before anything connects (ADR 288).
 */
function providerFetch(context: ProviderContext): oidc.CustomFetch {
  const fetchChecked = guardedFetch(context.targets, context.resolve ?? resolveWithDns, ISSUER_LABEL);
  return (url, options) => fetchChecked(url, options);
}

/**
 * A client configuration for one sign-in step, from a fresh discovery document. Client
 * authentication follows what the provider offers: HTTP Basic when it lists it (the OpenID
 * default), else the secret in the form.
 */
export async function discoverProvider(settings: ProviderSettings, context: ProviderContext): Promise<oidc.Configuration> {
  const { server, allowHttp } = await readDiscovery(settings, context);
  const methods = server.token_endpoint_auth_methods_supported;
  const useBasic = !methods || methods.includes('client_secret_basic');
  const auth = useBasic ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.ClientSecretPost(settings.clientSecret);
  const clientMetadata = { client_secret: settings.clientSecret, [oidc.clockSkew]: clockSkewSeconds(context.now) };
  const config = new oidc.Configuration(server, settings.clientId, clientMetadata, auth);
  config.timeout = PROVIDER_TIMEOUT_SECONDS;
  config[oidc.customFetch] = providerFetch(context);
  if (allowHttp) oidc.allowInsecureRequests(config);
  // The ID token's signature is checked against the provider's published keys too, not only
  // trusted for arriving over TLS from the token endpoint (which OpenID allows but proves less).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** How far the app's clock is from the machine's, in whole seconds (0 outside tests). */
function clockSkewSeconds(now: Date): number {
  return Math.round((now.getTime() - Date.now()) / 1000);
}
