import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** What pages and machine answers share. */
const BOTH_POLICIES = {
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // frame-ancestors 'none' is the framing rule; the legacy X-Frame-Options header is not sent,
  // so the two can never disagree (ADR 175).
  xFrameOptions: false,
} as const satisfies HelmetOptions;

/** The CSP directives security.md HDR-01 names: on every answer, page or not. */
const REQUIRED_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  objectSrc: ["'none'"],
  // No page of ours sets <base>; 'none' stops an injected one re-pointing relative URLs.
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Strict headers on every page and asset; no inline scripts are allowed anywhere. */
export const HELMET_OPTIONS: HelmetOptions = {
  ...BOTH_POLICIES,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      ...REQUIRED_DIRECTIVES,
      // React and Radix position overlays with style attributes; no script can run from a style.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
    },
  },
};

/**
 * The policy of answers no browser renders as a page (ADR 205): `/api/*` JSON and files, and the
 * operations endpoints. Their CSP keeps every directive security.md HDR-01 names (a JSON answer
 * opened as a document can still run nothing and be framed by no one); the rest of the page policy
 * (styles, images, fonts, workers, the manifest) has nothing to govern in them. HSTS, nosniff,
 * Referrer-Policy, COOP and CORP (HDR-02, HDR-03) stay. Dropped are the headers that act only on
 * an HTML document or on browsers long gone: Origin-Agent-Cluster, X-DNS-Prefetch-Control (links in
 * a page), X-Download-Options (Internet Explorer 8), X-Permitted-Cross-Domain-Policies (Flash and
 * old Acrobat) and X-XSS-Protection (an auditor no current browser has).
 */
export const MACHINE_ANSWER_HELMET_OPTIONS: HelmetOptions = {
  ...BOTH_POLICIES,
  contentSecurityPolicy: { useDefaults: false, directives: REQUIRED_DIRECTIVES },
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Paths whose answers are all for programs: the API, the OAuth and discovery endpoints (ADR 294) and SCIM (ADR 296). */
const MACHINE_PREFIXES = ['/api/', '/oauth/', '/.well-known/', '/scim/'];

/** Whether a request's answer is for a program rather than a page: the API, the protocol endpoints and the operations endpoints. */
export function isMachineAnswer(url: string): boolean {
  if (MACHINE_PREFIXES.some((prefix) => url.startsWith(prefix))) return true;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path === '/healthz' || path === '/readyz' || path === '/metrics' || path === '/mcp';
}

/**
 * Helmet decides the headers, once: its middleware runs at start-up against a recorder, and every
 * response gets the recorded set (ADR 205). Our policy has no per-request part (no nonces, no
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
  const pageHeaders = computeSecurityHeaders(HELMET_OPTIONS);
  const machineHeaders = computeSecurityHeaders(MACHINE_ANSWER_HELMET_OPTIONS);
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(isMachineAnswer(request.url) ? machineHeaders : pageHeaders);
  });
  // After the handler, so no API answer can be cached by a browser or a proxy, whatever it set.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) void reply.header('Cache-Control', 'no-store');
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
