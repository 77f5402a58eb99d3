import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '@/contracts/api-tokens.ts';
import { AppError } from '../errors.ts';
import { can } from '@/contracts/permissions.ts';
import { actorOf, type AuthContext } from '../sessions/auth-context.ts';

/**
 * Every /api route declares who may call it (deny by default: a route without a declaration
 * makes the app fail to start).
 * - public: anyone (health, public forms, log-in).
 * - session: any signed-in session, even password-only (the pre-MFA allowlist: MFA set-up and verify, logout, current user).
 * - user: a signed-in, active account whose session passed MFA (and, with BILLING=required, a paid subscription).
 * - admin / super_admin: as user, with that role.
 */
export const ACCESS_LEVELS = ['public', 'session', 'user', 'admin', 'super_admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessLevel;
    /**
     * 'any-organization': a `user` route that leads into a paid organisation (accept an invitation,
     * list and switch organisations), so it cannot ask that the session's current organisation has
     * paid yet (ADR 196). Payment is then decided by the organisation the session moves to.
     */
    payment?: 'any-organization';
    /**
     * The public API (ADR 228): an API token may call this route with this scope. Routes without it
     * refuse tokens (a token cannot create tokens, change a password or reach the admin console).
     */
    api?: ApiTokenScope;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The decision for one request, separated from Fastify so it can be tested as a table. */
export function checkAccess(level: AccessLevel, auth: AuthContext | null, payment?: 'any-organization'): AppError | null {
  if (level === 'public') return null;
  if (!auth) return new AppError('unauthorized', 'Unauthorized');
  if (level === 'session') return null;
  if (!auth.totpEnabled) return new AppError('mfa_setup_required', 'Two-factor authentication must be set up first');
  if (!auth.session.mfaVerifiedAt) return new AppError('mfa_required', 'Two-factor verification required');
  if (auth.requiresPayment && payment !== 'any-organization') return new AppError('payment_required', 'Please complete your subscription to access CIFER.');
  if (level === 'admin' && !can(actorOf(auth), 'platform.console')) return new AppError('forbidden', 'Administrator access required');
  if (level === 'super_admin' && !can(actorOf(auth), 'platform.super-admin-tools')) {
    return new AppError('forbidden', 'Super administrator access required');
  }
  return null;
}

/** What a token may call: only routes open to the API, and only within its scopes. */
export function checkApiTokenScope(api: ApiTokenScope | undefined, auth: AuthContext | null): AppError | null {
  const token = auth?.apiToken;
  if (!token) return null;
  if (!api) return new AppError('forbidden', API_TOKEN_MESSAGES.notForThisRoute);
  if (!token.scopes.includes(api)) return new AppError('forbidden', api === 'write' ? API_TOKEN_MESSAGES.readOnly : 'This API token lacks the read scope.');
  return null;
}

/** Lists every /api route with its declared level, for the table-driven enforcement tests. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessLevel;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredApiRoutes: RegisteredRoute[];
  }
}

async function accessPlugin(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredApiRoutes', routes);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });

  // Before schema validation (ADR 210): a caller who may not call the route learns nothing of its input rules.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const { access: level, payment, api } = request.routeOptions.config;
    // Tokens have their own budget, apart from browsers behind the same address (ADR 228); refused
    // calls count too, so a script hammering a route it may not call is slowed like any other.
    const token = request.auth?.apiToken;
    if (token) {
      const { allowed, retryAfterSeconds } = app.apiTokenLimiter.allow(token.id);
      if (!allowed) throw new AppError('rate_limited', 'Too many requests with this API token. Please slow down.', { retryAfterSeconds });
    }
    const refusal = (level && checkAccess(level, request.auth, payment)) || checkApiTokenScope(api, request.auth);
    if (refusal) throw refusal;
  });
}

export const accessControl = fp(accessPlugin, { name: 'access-control' });
