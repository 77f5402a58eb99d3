import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationIdParamsSchema } from '@/contracts/organizations.ts';
import { CreatedScimTokenSchema, CreateScimTokenInputSchema, SCIM_BASE_PATH, SCIM_TOKEN_PREFIX, ScimSettingsSchema, ScimTokenParamsSchema } from '@/contracts/scim.ts';
import { AppError } from '../../errors.ts';
import { auditFor, auditRequest, type Audit } from '../../lib/audit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { SCIM_CONTENT_TYPE, ScimError, scimErrorBody, scimErrorHandler } from './scim-errors.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery.ts';
import { getGroup, listGroups, patchGroup, refuseNewGroup, replaceGroup } from './scim-groups.ts';
import { listResponse, MAX_PAGE_SIZE } from './scim-list.ts';
import { findUsableScimToken, touchScimToken, verifiedDomainsOf } from './scim-token-store.ts';
import { createScimToken, readScimSettings, revokeOrganizationScimToken } from './scim-tokens.ts';
import { createUser, deleteUser, getUser, listUsers, patchUser, replaceUser, type ScimContext } from './scim-users.ts';

/**
 * SCIM 2.0 at /scim/v2 (ADR 296), for the identity provider of an organisation with single sign-on,
 * and the owner's SCIM tokens under /api/organizations/:id/scim/tokens. The protocol's routes sit
 * outside /api: no cookie is read there, only the organisation's SCIM bearer token, and every
 * answer, errors included, is SCIM's JSON.
 */

declare module 'fastify' {
  interface FastifyRequest {
    scimContext: ScimContext | null;
  }
}

function readBearer(authorization: string | undefined): string | null {
  if (!authorization || !/^bearer /i.test(authorization)) return null;
  const secret = authorization.slice('bearer '.length).trim();
  return secret.startsWith(SCIM_TOKEN_PREFIX) && secret.length <= 200 ? secret : null;
}

/** Every SCIM change is in the organisation's audit log, under the token that made it (no person acts). */
function scimAudit(request: FastifyRequest, organizationId: string, token: { id: string; name: string }): Audit {
  return (entry) => auditRequest(request, { ...entry, actorUserId: null, organizationId, details: { ...entry.details, scimToken: token } });
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const secret = readBearer(request.headers.authorization);
  const token = secret ? await findUsableScimToken(app.db, hashToken(secret)) : null;
  if (!token) throw new ScimError(401, 'A valid SCIM token is required: Authorization: Bearer cifer_scim_… (created by an owner in the organisation’s single sign-on settings).');
  const { allowed, retryAfterSeconds } = app.apiTokenLimiter.allow(`scim:${token.id}`);
  if (!allowed) throw new AppError('rate_limited', 'Too many requests with this SCIM token. Please slow down.', { retryAfterSeconds });
  if ((await verifiedDomainsOf(app.db, token.organizationId)).length === 0) throw new ScimError(403, 'The organisation has no verified SSO domain any more: SCIM provisions the people of verified domains only.');
  const now = app.now();
  await touchScimToken(app.db, token.id, now);
  request.scimContext = { db: app.db, organizationId: token.organizationId, appUrl: app.env.APP_URL, now, audit: scimAudit(request, token.organizationId, { id: token.id, name: token.name }) };
}

function contextOf(request: FastifyRequest): ScimContext {
  if (!request.scimContext) throw new ScimError(401, 'A valid SCIM token is required.');
  return request.scimContext;
}

type IdParams = { Params: { id: string } };
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

async function scimProtocolRoutes(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (request, body, done) => parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), done));
  app.decorateRequest('scimContext', null);
  app.setErrorHandler(scimErrorHandler);
  app.setNotFoundHandler((request, reply) => reply.status(404).type(SCIM_CONTENT_TYPE).send(scimErrorBody(404, `No such SCIM endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`)));
  app.addHook('onRequest', async (request) => authenticate(app, request));
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    void reply.header('Cache-Control', 'no-store');
    if (reply.statusCode !== 204) void reply.type(SCIM_CONTENT_TYPE);
  });

  app.get('/ServiceProviderConfig', async () => serviceProviderConfig(app.env.APP_URL));
  app.get('/ResourceTypes', async () => listResponse(resourceTypes(app.env.APP_URL), { startIndex: 1, count: MAX_PAGE_SIZE }));
  app.get('/Schemas', async () => listResponse(schemas(app.env.APP_URL), { startIndex: 1, count: MAX_PAGE_SIZE }));

  app.get('/Users', async (request) => listUsers(contextOf(request), query(request)));
  app.get<IdParams>('/Users/:id', async (request) => getUser(contextOf(request), request.params.id));
  app.post('/Users', async (request, reply) => {
    const created = await createUser(contextOf(request), request.body);
    return reply.status(201).header('Location', created.meta.location).send(created);
  });
  app.put<IdParams>('/Users/:id', async (request) => replaceUser(contextOf(request), request.params.id, request.body));
  app.patch<IdParams>('/Users/:id', async (request) => patchUser(contextOf(request), request.params.id, request.body));
  app.delete<IdParams>('/Users/:id', async (request, reply) => {
    await deleteUser(contextOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/Groups', async (request) => listGroups(contextOf(request), query(request)));
  app.get<IdParams>('/Groups/:id', async (request) => getGroup(contextOf(request), request.params.id, query(request)));
  app.post('/Groups', async (request) => refuseNewGroup(request.body));
  app.put<IdParams>('/Groups/:id', async (request) => replaceGroup(contextOf(request), request.params.id, request.body));
  app.patch<IdParams>('/Groups/:id', async (request) => patchGroup(contextOf(request), request.params.id, request.body));
  app.delete<IdParams>('/Groups/:id', async () => {
    throw new ScimError(400, "CIFER's groups are the organisation's roles and cannot be deleted.", 'mutability');
  });
}

async function scimTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const owner = { access: 'user' } as const;
  const options = async (request: FastifyRequest, organizationId: string) => {
    const auth = requireAuth(request);
    await requireOwnerOrNotFound(app.db, auth, organizationId);
    return { db: app.db, auth, organizationId, appUrl: app.env.APP_URL, now: app.now(), audit: auditFor(request) };
  };

  app.get('/api/organizations/:id/scim/tokens', { config: owner, schema: { params: OrganizationIdParamsSchema, response: { 200: ScimSettingsSchema } } }, async (request) =>
    readScimSettings(await options(request, request.params.id)),
  );
  const createSchema = { params: OrganizationIdParamsSchema, body: CreateScimTokenInputSchema, response: { 201: CreatedScimTokenSchema } };
  app.post('/api/organizations/:id/scim/tokens', { config: owner, schema: createSchema }, async (request, reply) => {
    const created = await createScimToken({ ...(await options(request, request.params.id)), input: request.body });
    void reply.status(201);
    return created;
  });
  app.delete('/api/organizations/:id/scim/tokens/:tokenId', { config: owner, schema: { params: ScimTokenParamsSchema, response: { 200: MessageResponseSchema } } }, async (request) =>
    revokeOrganizationScimToken({ ...(await options(request, request.params.id)), tokenId: request.params.tokenId }),
  );
}

export async function scimRoutes(app: FastifyInstance) {
  await app.register(scimProtocolRoutes, { prefix: SCIM_BASE_PATH });
  await app.register(scimTokenRoutes);
}
