import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { isSafeMethod } from '../lib/safe-methods.ts';
import { readBearerSecret } from '../sessions/api-token-auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'signed-webhook': a server-to-server call that proves itself with a signature over its raw
     * body (the Stripe webhook, ADR 135), so it carries no browser Origin. Nothing else sets it.
     */
    csrf?: 'signed-webhook';
  }
}

/**
 * CSRF defence for cookie auth (security.md CSRF-02/03/04): an unsafe /api request must come from
 * our own origin. An Origin header, when sent, decides: it must be a plain origin (scheme, host,
 * port; no user-info, path or anything else) equal to APP_URL's or to the Host it was sent to, and
 * no other header can overrule a mismatching one. Without an Origin, Sec-Fetch-Site: same-origin
 * proves it; a request with neither is refused. Sec-Fetch-Site other than same-origin refuses too.
 * JSON-only bodies (app.ts) rule out the HTML-form request shapes.
 */
export function isSameOriginRequest(request: Pick<FastifyRequest, 'headers' | 'protocol'>, appUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return fetchSite === 'same-origin';
  const originUrl = parseStrictOrigin(origin);
  if (!originUrl) return false;
  if (originUrl.origin === new URL(appUrl).origin) return true;
  const host = request.headers.host;
  return typeof host === 'string' && originUrl.host === host.toLowerCase();
}

/**
 * An Origin header is exactly `scheme://host[:port]` (RFC 6454). Anything a URL parser would
 * forgive (user-info such as `http://evil@host`, a path, a trailing slash, another scheme) is
 * refused rather than normalised, so what is compared is what the browser sent.
 */
function parseStrictOrigin(origin: string): URL | undefined {
  if (!/^https?:\/\/[^/?#@\\\s]+$/i.test(origin)) return undefined;
  try {
    const url = new URL(origin);
    return url.origin === origin.toLowerCase() ? url : undefined;
  } catch {
    return undefined;
  }
}

async function csrfPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method) || !request.url.startsWith('/api/') || request.routeOptions.config?.csrf === 'signed-webhook') return;
    // A bearer token request carries no cookie that is read (sessions/session-plugin.ts), so nothing forged rides on it (ADR 228).
    if (readBearerSecret(request.headers.authorization)) return;
    if (!isSameOriginRequest(request, app.env.APP_URL)) throw new AppError('forbidden', 'Cross-site request refused');
  });
}

export const csrfProtection = fp(csrfPlugin, { name: 'csrf-protection' });
