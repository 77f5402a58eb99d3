/**
 * Which redirect URIs an assistant may register and how a request's URI is matched to them
 * (ADR 294; OAuth 2.1 section 7.5, RFC 8252 for apps on the person's own computer):
 * - https anywhere (a web assistant's callback);
 * - plain http only on the loopback interface, where a desktop app listens;
 * - an app's own scheme (`cursor://…`, `com.example.app:/…`), but never one a browser would run or
 *   read locally (javascript:, data:, file: and the like).
 * A request must name a registered URI exactly; for a loopback URI any port is accepted, since a
 * desktop app gets a new port from the system each time (RFC 8252 section 7.3).
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const REFUSED_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:', 'filesystem:', 'ftp:', 'ws:', 'wss:']);
export const MAX_REDIRECT_URI_LENGTH = 2000;

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Why a URI may not be registered, or null when it may. */
export function redirectUriProblem(value: string): string | null {
  const url = parse(value);
  if (!url || value.length > MAX_REDIRECT_URI_LENGTH) return 'is not an absolute URI';
  if (url.hash !== '' || value.includes('#')) return 'must not contain a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? null : 'must use https (plain http is for the loopback interface only)';
  if (REFUSED_SCHEMES.has(url.protocol) || !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) return 'uses a scheme that is not allowed';
  return null;
}

/** Whether the request's URI is one of the registered ones (loopback: any port). */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  const wanted = parse(requested);
  const known = parse(registered);
  if (!wanted || !known || wanted.protocol !== 'http:' || !LOOPBACK_HOSTS.has(wanted.hostname)) return false;
  return wanted.protocol === known.protocol && wanted.hostname === known.hostname && wanted.pathname === known.pathname && wanted.search === known.search;
}

/** The host a consent page names (or the scheme, for an app's own scheme), so a look-alike client name is told apart. */
export function redirectHostOf(value: string): string {
  const url = parse(value);
  if (!url) return value;
  return url.host === '' ? url.protocol.replace(/:$/, '') : url.host;
}

/** The redirect URI with the answer's parameters added to its query (RFC 6749 section 4.1.2). */
export function redirectWith(redirectUri: string, parameters: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined && value !== null) url.searchParams.set(name, value);
  return url.href;
}
