import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationIdParamsSchema } from '@/contracts/organizations.ts';
import {
  PendingSsoDomainListSchema,
  SsoCallbackQuerySchema,
  SsoConnectionInputSchema,
  SsoConnectionListSchema,
  SsoConnectionParamsSchema,
  SsoConnectionSchema,
  SsoConnectionUpdateSchema,
  SsoDomainApprovalInputSchema,
  SsoDomainIdParamsSchema,
  SsoDomainParamsSchema,
  SsoDomainSchema,
  SsoStartInputSchema,
  SsoStartResponseSchema,
  type SsoCallbackQuery,
} from '@/contracts/sso.ts';
import { AppError } from '../../errors.ts';
import { auditFor } from '../../lib/audit.ts';
import { rejectInvalidInput, rejectInvalidParams } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { findDomainOf, listConnections, listPendingDomains } from './connection-store.ts';
import { toPendingSsoDomain, toSsoConnection } from './connection-view.ts';
import { removeConnection } from './delete-connection.ts';
import { finishSignIn } from './finish-sign-in.ts';
import { requireActingOwner, requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { requireOwnedConnection } from './owner-access.ts';
import { changeConnection, createConnection } from './save-connection.ts';
import { SsoSignInFailure } from './sign-in-failure.ts';
import { callbackUrlOf, startSignIn } from './start-sign-in.ts';
import { approveDomain, verifyDomainByDns } from './verify-domain.ts';

/** Each start stores an attempt and calls the provider: a person needs a few, a script gets cut off. */
const SSO_STARTS_PER_IP = 20;
const SSO_START_WINDOW_MS = 60_000;
/** Where a signed-in person goes next: the two-factor gate (set-up for a new account, verification otherwise). */
const SIGNED_IN_PATH = '/mfa-verification';

/** The query string exactly as the provider sent it (openid-client reads every parameter). */
function rawQueryOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}

/** Single sign-on with OpenID Connect per organisation (ADR 225): owner settings, domain proofs, the sign-in itself. */
export async function ssoRoutes(fastify: FastifyInstance) {
  ssoSettingsRoutes(fastify);
  ssoSupportRoutes(fastify);
  ssoSignInRoutes(fastify);
}

/** An owner's connections and domain proofs, and the public API's read of them. */
function ssoSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = { access: 'user' } as const;
  const saveOptions = (request: FastifyRequest, organizationId: string) => ({
    db: app.db,
    env: app.env,
    organizationId,
    auth: requireAuth(request),
    userId: requireAuth(request).user.id,
    now: app.now(),
    audit: auditFor(request),
  });

  // Owner settings. Every route checks ownership before it reads a body (ADR 064, 210): anyone else gets 404 (owner-access.ts).

  const listSchema = { params: OrganizationIdParamsSchema, response: { 200: SsoConnectionListSchema } };
  app.get('/api/organizations/:id/sso', { config: owner, schema: listSchema }, async (request) => {
    const { id } = request.params;
    await requireOwnerOrNotFound(app.db, requireAuth(request), id);
    const connections = await listConnections(app.db, id);
    return { connections: connections.map(toSsoConnection), redirectUri: callbackUrlOf(app.env.APP_URL) };
  });

  // The public API reads the settings (ADR 293); changing them stays in the app, behind a fresh code.
  app.get('/api/v1/sso', { config: { access: 'user', api: 'read' }, schema: { response: { 200: SsoConnectionListSchema } } }, async (request) => {
    const connections = await listConnections(app.db, requireActingOwner(requireAuth(request)));
    return { connections: connections.map(toSsoConnection), redirectUri: callbackUrlOf(app.env.APP_URL) };
  });

  const createSchema = { params: OrganizationIdParamsSchema, body: SsoConnectionInputSchema, response: { 201: SsoConnectionSchema } };
  app.post('/api/organizations/:id/sso', { config: owner, schema: createSchema, attachValidation: true }, async (request, reply) => {
    rejectInvalidParams(request);
    const { id } = request.params;
    await requireOwnerOrNotFound(app.db, requireAuth(request), id);
    rejectInvalidInput(request);
    const connection = await createConnection({ ...saveOptions(request, id), input: request.body });
    return reply.code(201).send(connection);
  });

  const updateSchema = { params: SsoConnectionParamsSchema, body: SsoConnectionUpdateSchema, response: { 200: SsoConnectionSchema } };
  app.patch('/api/organizations/:id/sso/:connectionId', { config: owner, schema: updateSchema, attachValidation: true }, async (request) => {
    rejectInvalidParams(request);
    const { id, connectionId } = request.params;
    const connection = await requireOwnedConnection(app.db, requireAuth(request), id, connectionId);
    rejectInvalidInput(request);
    return changeConnection({ ...saveOptions(request, id), connection, input: request.body });
  });

  const deleteSchema = { params: SsoConnectionParamsSchema, response: { 200: MessageResponseSchema } };
  app.delete('/api/organizations/:id/sso/:connectionId', { config: owner, schema: deleteSchema }, async (request) => {
    const { id, connectionId } = request.params;
    const connection = await requireOwnedConnection(app.db, requireAuth(request), id, connectionId);
    return removeConnection({ db: app.db, connection, audit: auditFor(request) });
  });

  const verifySchema = { params: SsoDomainParamsSchema, response: { 200: SsoDomainSchema } };
  app.post('/api/organizations/:id/sso/:connectionId/domains/:domainId/verify', { config: owner, schema: verifySchema }, async (request) => {
    const { id, connectionId, domainId } = request.params;
    await requireOwnedConnection(app.db, requireAuth(request), id, connectionId);
    const domain = await findDomainOf(app.db, connectionId, domainId);
    if (!domain) throw new AppError('not_found', 'Domain not found');
    return verifyDomainByDns({ db: app.db, resolveTxt: app.resolveTxt, domain, now: app.now(), audit: auditFor(request) });
  });
}

// CIFER support vouches for a domain whose owner cannot publish DNS records.
function ssoSupportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const superAdmin = { access: 'super_admin' } as const;
  app.get('/api/admin/sso-domains', { config: superAdmin, schema: { response: { 200: PendingSsoDomainListSchema } } }, async () => ({
    domains: (await listPendingDomains(app.db)).map(toPendingSsoDomain),
  }));

  const approveSchema = { params: SsoDomainIdParamsSchema, body: SsoDomainApprovalInputSchema, response: { 200: SsoDomainSchema } };
  app.post('/api/admin/sso-domains/:domainId/approve', { config: superAdmin, schema: approveSchema }, async (request) =>
    approveDomain({ db: app.db, domainId: request.params.domainId, reason: request.body.reason, auth: requireAuth(request), now: app.now(), audit: auditFor(request) }),
  );
}

// The sign-in. Every start counts against the per-IP limit, a malformed one too, so its 400 waits (ADR 064, 210).
function ssoSignInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const startSchema = { body: SsoStartInputSchema, response: { 200: SsoStartResponseSchema } };
  app.post('/api/auth/sso/start', { config: { access: 'public' }, schema: startSchema, attachValidation: true }, async (request) => {
    await enforceRateLimit(app, `sso-start:ip:${request.ip}`, SSO_STARTS_PER_IP, SSO_START_WINDOW_MS, 'Too many sign-in attempts from this network. Please wait a minute and try again.');
    rejectInvalidInput(request);
    return startSignIn({ db: app.db, env: app.env, now: app.now(), email: request.body.email });
  });

  // A browser navigation from the provider: always a redirect, to the app or to /auth with the reason.
  const callbackSchema = { querystring: SsoCallbackQuerySchema };
  app.get('/api/auth/sso/callback', { config: { access: 'public' }, schema: callbackSchema, attachValidation: true }, async (request, reply) => {
    const query: SsoCallbackQuery | null = request.validationError ? null : request.query;
    try {
      const { sessionToken } = await finishSignIn({
        db: app.db,
        env: app.env,
        now: app.now(),
        query,
        rawQuery: rawQueryOf(request),
        client: { ip: request.ip, userAgent: request.headers['user-agent'] },
        presentedSessionId: request.auth?.session.id ?? null,
        audit: auditFor(request),
      });
      app.setSessionCookie(reply, sessionToken);
      return reply.redirect(SIGNED_IN_PATH, 302);
    } catch (error) {
      if (!(error instanceof SsoSignInFailure)) throw error;
      return refuseSignIn(request, reply, error);
    }
  });
}

/** Logged once and audited with its code and reason (never a token, code or secret), then shown on /auth. */
async function refuseSignIn(request: FastifyRequest, reply: FastifyReply, failure: SsoSignInFailure) {
  const { code, reason, where } = failure;
  request.log.warn({ ssoError: code, reason, connectionId: where.connectionId ?? null }, 'single sign-on refused');
  await auditFor(request)({ action: 'sso.failure', actorUserId: null, organizationId: where.organizationId ?? null, details: { code, reason, connectionId: where.connectionId ?? null } });
  return reply.redirect(`/auth?sso_error=${encodeURIComponent(code)}`, 302);
}
