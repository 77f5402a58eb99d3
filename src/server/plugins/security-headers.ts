import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Strict headers on every response; no inline scripts are allowed anywhere. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React and Radix position overlays with style attributes; no script can run from a style.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      // No page of ours sets <base>; 'none' stops an injected one re-pointing relative URLs.
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // frame-ancestors 'none' is the framing rule; the legacy X-Frame-Options header is not sent,
  // so the two can never disagree (ADR 175).
  xFrameOptions: false,
};

/**
 * Helmet decides the headers, once: its middleware runs at start-up against a recorder, and every
 * response gets the recorded set (ADR 185). Our policy has no per-request part (no nonces, no
 * function directives), and running helmet per request, as @fastify/helmet does, re-parsed the
 * whole policy on every request: a tenth of a small request's time.
 */
export function computeSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = computeSecurityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // After the handler, so no API answer can be cached by a browser or a proxy, whatever it set.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
