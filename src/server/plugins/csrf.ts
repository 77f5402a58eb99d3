import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * our own origin, proven by Sec-Fetch-Site: same-origin or by an Origin equal to APP_URL's or to
 * the Host it was sent to; a request with neither header is refused. JSON-only bodies (app.ts)
 * rule out the HTML-form request shapes.
 */
export function isSameOriginRequest(request: Pick<FastifyRequest, 'headers' | 'protocol'>, appUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  if (originUrl.origin === new URL(appUrl).origin) return true;
  const host = request.headers.host;
  return typeof host === 'string' && originUrl.host === host && (originUrl.protocol === 'http:' || originUrl.protocol === 'https:');
}

async function csrfPlugin(app: FastifyInstance) {
  // Callback style: this runs on every request, and an async hook costs a promise each time (ADR 185).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.routeOptions.config?.csrf === 'signed-webhook') {
      done();
      return;
    }
    done(isSameOriginRequest(request, app.env.APP_URL) ? undefined : new AppError('forbidden', 'Cross-site request refused'));
  });
}

export const csrfProtection = fp(csrfPlugin, { name: 'csrf-protection' });
