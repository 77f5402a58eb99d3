import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createPostgresTransport, createRedisTransport } from './invalidation-transports.ts';
import {
  createLocalTransport,
  createSessionCache,
  registerSessionCache,
  unregisterSessionCache,
  type InvalidationTransport,
  type SessionCache,
} from './session-cache.ts';
import type { PaymentRule } from './auth-context.ts';
import { findSessionAuth, SESSION_ABSOLUTE_LIFETIME_MS } from './session-store.ts';
import { API_TOKEN_MESSAGES } from '@/contracts/api-tokens.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../db/repositories/is-uuid.ts';
import { mcpResourceUrl, MCP_RESOURCE_PATH, OAUTH_MESSAGES, OAUTH_TOKEN_PREFIX } from '@/contracts/oauth.ts';
import { findApiTokenAuth, ORGANIZATION_HEADER, readBearerSecret } from './api-token-auth.ts';
import type { AuthContext } from './auth-context.ts';
import { findOAuthAccessAuth } from './oauth-token-auth.ts';

/** Readable by the browser app; holds no secret (see below). */
export const SESSION_HINT_COOKIE = 'cifer_signed_in';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookieName: string;
    setSessionCookie(reply: FastifyReply, token: string): void;
    clearSessionCookie(reply: FastifyReply): void;
    /** invalidateSession / invalidateUser / invalidateOrganization on every instance (ADR 173). */
    sessionCache: SessionCache;
    /** Billing's rule of who must pay (features/billing/entitlement.ts), decorated by the app before this plugin. */
    paymentRule: PaymentRule;
    /**
     * A random key of this process that the MCP transport's in-process calls to /api/v1 carry
     * (IN_PROCESS_CALL_HEADER): the only way an assistant's OAuth token, bound to /mcp, reaches
     * the public API (ADR 294). Never sent over a network, never logged.
     */
    inProcessCallKey: string;
  }
}

/** The header of the MCP transport's in-process calls (features/mcp/api-client.ts). */
export const IN_PROCESS_CALL_HEADER = 'cifer-in-process-call';

/** Redis when configured, else PostgreSQL notifications, else this process only (PGlite: one process per data folder, ADR 174). */
function chooseTransport(app: FastifyInstance): InvalidationTransport {
  if (app.env.REDIS_URL)
    return createRedisTransport(app.env.REDIS_URL, `${app.env.RATE_LIMIT_NAMESPACE ?? 'cifer'}:session-invalidation`, app.log);
  if (app.database.kind === 'postgres') return createPostgresTransport(app.database.notifications, 'cifer_session_invalidation');
  return createLocalTransport();
}

/**
 * Reads the session cookie on every request and attaches `request.auth` (or null). The session
 * token is accepted only from the cookie (SES-10); an API token only from `Authorization: Bearer`. Over HTTPS the cookie is `__Host-` prefixed and
 * Secure; on a plain-HTTP local run it drops only what HTTP forbids (security.md decision 7).
 */
/** The organisation a personal token's request names, if any (ADR 228). */
function requestedOrganization(request: FastifyRequest): string | null {
  const value = request.headers[ORGANIZATION_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !isUuid(value))
    throw new AppError('bad_request', 'The CIFER-Organization header must be an organisation id (a UUID).');
  return value.toLowerCase();
}

function isInProcessCall(request: FastifyRequest, key: string): boolean {
  const value = request.headers[IN_PROCESS_CALL_HEADER];
  return typeof value === 'string' && value.length === key.length && timingSafeEqual(Buffer.from(value), Buffer.from(key));
}

/**
 * An assistant's OAuth access token (ADR 294) is bound to the MCP endpoint (RFC 8707): accepted on
 * /mcp, and on /api/v1 only for the calls the MCP tools make in process with the token they were
 * given, never when an assistant (or whoever holds the token) calls the API directly. It acts in the
 * organisation the grant was given for: a CIFER-Organization header naming another is refused.
 */
async function findAssistantAuth(app: FastifyInstance, request: FastifyRequest, secret: string): Promise<AuthContext | null> {
  const path = request.url.split('?')[0];
  const reachable = path === MCP_RESOURCE_PATH || (request.url.startsWith('/api/v1/') && isInProcessCall(request, app.inProcessCallKey));
  if (!reachable) throw new AppError('unauthorized', OAUTH_MESSAGES.tokenForMcpOnly);
  const auth = await findOAuthAccessAuth(app.db, secret, mcpResourceUrl(app.env.APP_URL), app.now(), app.paymentRule);
  const requested = requestedOrganization(request);
  return auth && (requested === null || requested === auth.user.organizationId) ? auth : null;
}

async function sessionPlugin(app: FastifyInstance) {
  app.decorate('inProcessCallKey', randomBytes(32).toString('base64url'));
  const isHttps = new URL(app.env.APP_URL).protocol === 'https:';
  const cookieName = isHttps ? '__Host-cifer_session' : 'cifer_session';
  const cookieOptions = { httpOnly: true, secure: isHttps, sameSite: 'lax' as const, path: '/' };

  await app.register(cookie);
  const cache = createSessionCache(chooseTransport(app), (error) =>
    app.log.error({ err: error }, 'session invalidation could not be broadcast'),
  );
  await cache.start();
  registerSessionCache(app.db, cache);
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => {
    unregisterSessionCache(app.db);
    await cache.close();
  });
  app.decorate('sessionCookieName', cookieName);
  // A readable companion cookie with no secret in it: it only tells the browser app that a
  // session may exist, so a visitor's first load skips the current-user call (and its 401).
  const hintOptions = { httpOnly: false, secure: isHttps, sameSite: 'lax' as const, path: '/' };
  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    const maxAge = SESSION_ABSOLUTE_LIFETIME_MS / 1000;
    void reply.setCookie(cookieName, token, { ...cookieOptions, maxAge });
    void reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    void reply.clearCookie(cookieName, cookieOptions);
    void reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/mcp')) return;
    // An API token speaks for itself: its request's cookies are not read (ADR 228).
    const bearer = readBearerSecret(request.headers.authorization);
    if (bearer) {
      request.auth = bearer.startsWith(OAUTH_TOKEN_PREFIX.access)
        ? await findAssistantAuth(app, request, bearer)
        : await findApiTokenAuth(app.db, bearer, app.now(), app.paymentRule, requestedOrganization(request));
      if (!request.auth) throw new AppError('unauthorized', API_TOKEN_MESSAGES.invalid);
      return;
    }
    // /mcp takes tokens only: it has no CSRF check, so a browser's cookie must never authenticate it.
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[cookieName];
    if (token && token.length <= 200) request.auth = await findSessionAuth(app.db, token, app.now(), app.paymentRule);
    // A hint cookie without a session behind it is cleared, so the browser app stops trusting it.
    if (!request.auth && request.cookies[SESSION_HINT_COOKIE]) app.clearSessionCookie(reply);
  });
}

export const sessions = fp(sessionPlugin, { name: 'sessions' });
