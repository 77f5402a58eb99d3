import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { ApiTokenListSchema, ApiTokenParamsSchema, CreateApiTokenInputSchema, CreatedApiTokenSchema, OrganizationApiTokenParamsSchema } from '@/contracts/api-tokens.ts';
import { OrganizationIdParamsSchema } from '@/contracts/organizations.ts';
import { auditFor } from '../../lib/audit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { createApiToken, listApiTokens, organizationTokens, personalTokens, revokeApiToken, type TokenOperationOptions } from './manage-tokens.ts';
import { requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';

/**
 * API tokens (ADR 228): personal tokens in /account, organisation tokens for its owners on
 * /organizations. None of these routes declares `config.api`: a token cannot mint or revoke tokens.
 */
export async function apiTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const user = { access: 'user' } as const;
  const operationOptions = (request: FastifyRequest): TokenOperationOptions => ({ db: app.db, auth: requireAuth(request), now: app.now(), audit: auditFor(request) });
  /** The organisation tokens of :id, once the caller is known to own it (404 for anyone else). */
  const ownedOrganization = async (request: FastifyRequest, organizationId: string) => {
    await requireOwnerOrNotFound(app.db, requireAuth(request), organizationId);
    return organizationTokens(organizationId);
  };

  app.get('/api/account/tokens', { config: user, schema: { response: { 200: ApiTokenListSchema } } }, async (request) => listApiTokens(app.db, personalTokens(requireAuth(request))));

  app.post('/api/account/tokens', { config: user, schema: { body: CreateApiTokenInputSchema, response: { 201: CreatedApiTokenSchema } } }, async (request, reply) => {
    const created = await createApiToken({ ...operationOptions(request), scope: personalTokens(requireAuth(request)), input: request.body });
    void reply.status(201);
    return created;
  });

  app.delete('/api/account/tokens/:tokenId', { config: user, schema: { params: ApiTokenParamsSchema, response: { 200: MessageResponseSchema } } }, async (request) =>
    revokeApiToken({ ...operationOptions(request), scope: personalTokens(requireAuth(request)), tokenId: request.params.tokenId }),
  );

  app.get('/api/organizations/:id/tokens', { config: user, schema: { params: OrganizationIdParamsSchema, response: { 200: ApiTokenListSchema } } }, async (request) =>
    listApiTokens(app.db, await ownedOrganization(request, request.params.id)),
  );

  const createSchema = { params: OrganizationIdParamsSchema, body: CreateApiTokenInputSchema, response: { 201: CreatedApiTokenSchema } };
  app.post('/api/organizations/:id/tokens', { config: user, schema: createSchema }, async (request, reply) => {
    const created = await createApiToken({ ...operationOptions(request), scope: await ownedOrganization(request, request.params.id), input: request.body });
    void reply.status(201);
    return created;
  });

  app.delete('/api/organizations/:id/tokens/:tokenId', { config: user, schema: { params: OrganizationApiTokenParamsSchema, response: { 200: MessageResponseSchema } } }, async (request) =>
    revokeApiToken({ ...operationOptions(request), scope: await ownedOrganization(request, request.params.id), tokenId: request.params.tokenId }),
  );
}
