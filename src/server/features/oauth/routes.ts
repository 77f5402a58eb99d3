import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import {
  ConnectedAssistantListSchema,
  ConnectedAssistantParamsSchema,
  ConsentDecisionInputSchema,
  ConsentDecisionSchema,
  ConsentRequestParamsSchema,
  ConsentRequestSchema,
  MCP_RESOURCE_PATH,
} from '@/contracts/oauth.ts';
import { auditFor } from '../../lib/audit.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { deleteExpiredOAuthTokens } from '../../sessions/oauth-token-auth.ts';
import { startAuthorization } from './authorize.ts';
import { authenticateClient } from './client-authentication.ts';
import { deleteUnusedClients } from './client-store.ts';
import { disconnectAssistant, listConnectedAssistants } from './connected-assistants.ts';
import { decideConsent, readConsentRequest } from './consent.ts';
import { acceptFormBodies } from './form-body.ts';
import { deleteExpiredRequestsAndCodes } from './grant-store.ts';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.ts';
import { oauthErrorHandler } from './oauth-error.ts';
import { OAUTH_LIFETIMES_MS, OAUTH_PATHS, oauthSiteOf } from './oauth-settings.ts';
import { registerClient } from './register-client.ts';
import { answerTokenRequest, revokeByToken } from './token-endpoint.ts';

/**
 * CIFER as the authorization server of its MCP endpoint (ADR 294). The protocol's endpoints live
 * outside /api, in OAuth's formats (discovery documents, form bodies, `{ error }` answers), and
 * answer any origin (CORS without credentials), as browser-based MCP clients need; the consent
 * page's calls and the connected assistants of /account are ordinary /api routes of a signed-in person.
 */

const HOUR_MS = 60 * 60_000;
const PURGE_JOB = 'oauth-purge';
const REGISTRATIONS_PER_IP_PER_HOUR = 30;

/** Endpoints a browser-based client may call from another origin: no cookie is read there, so nothing is exposed. */
const CROSS_ORIGIN_PATHS = [OAUTH_PATHS.protectedResource, `${OAUTH_PATHS.protectedResource}${MCP_RESOURCE_PATH}`, OAUTH_PATHS.authorizationServer, OAUTH_PATHS.register, OAUTH_PATHS.token, OAUTH_PATHS.revoke];

function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.header('Access-Control-Allow-Origin', '*').header('Access-Control-Allow-Headers', 'Authorization, Content-Type, MCP-Protocol-Version').header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
}

/** OAuth answers carrying secrets are never stored anywhere on the way (RFC 6749 section 5.1). */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

async function oauthProtocolRoutes(app: FastifyInstance) {
  const site = oauthSiteOf(app.env.APP_URL);
  acceptFormBodies(app);
  app.setErrorHandler(oauthErrorHandler);
  app.addHook('onSend', async (request, reply) => {
    if (CROSS_ORIGIN_PATHS.includes(request.url.split('?')[0] ?? '')) allowAnyOrigin(reply);
  });
  for (const path of CROSS_ORIGIN_PATHS) app.options(path, async (_request, reply) => reply.status(204).send());

  const resourceMetadata = protectedResourceMetadata(site);
  // RFC 9728 section 3.1: the document of a resource with a path is at the well-known path followed by that path; the bare one serves clients that ask for the origin's.
  app.get(`${OAUTH_PATHS.protectedResource}${MCP_RESOURCE_PATH}`, async () => resourceMetadata);
  app.get(OAUTH_PATHS.protectedResource, async () => resourceMetadata);
  const serverMetadata = authorizationServerMetadata(site);
  app.get(OAUTH_PATHS.authorizationServer, async () => serverMetadata);

  app.post(OAUTH_PATHS.register, async (request, reply) => {
    await enforceRateLimit(app, `oauth-register:ip:${request.ip}`, REGISTRATIONS_PER_IP_PER_HOUR, HOUR_MS, 'Too many client registrations from this address. Please try again later.');
    const registered = await registerClient(app.db, request.body, app.now());
    request.log.info({ clientId: registered.client_id }, 'oauth client registered');
    return noStore(reply).status(201).send(registered);
  });

  app.get(OAUTH_PATHS.authorize, async (request, reply) => {
    const { location } = await startAuthorization({ db: app.db, query: request.query, site, now: app.now() });
    return noStore(reply).redirect(location, 302);
  });

  app.post(OAUTH_PATHS.token, async (request, reply) => {
    const client = await authenticateClient(app.db, request.headers.authorization, request.body);
    const tokens = await answerTokenRequest({ db: app.db, client, body: request.body, site, now: app.now(), audit: auditFor(request) });
    return noStore(reply).send(tokens);
  });

  app.post(OAUTH_PATHS.revoke, async (request, reply) => {
    const client = await authenticateClient(app.db, request.headers.authorization, request.body);
    await revokeByToken({ db: app.db, client, body: request.body, now: app.now(), audit: auditFor(request) });
    return noStore(reply).send({});
  });

  app.jobs.register(PURGE_JOB, async (_payload, { now }) => {
    await deleteExpiredRequestsAndCodes(app.db, now, new Date(now.getTime() - 24 * HOUR_MS));
    await deleteExpiredOAuthTokens(app.db, new Date(now.getTime() - 24 * HOUR_MS));
    await deleteUnusedClients(app.db, new Date(now.getTime() - OAUTH_LIFETIMES_MS.unusedClient));
  });
  app.jobs.every(PURGE_JOB, HOUR_MS);
}

async function oauthAppRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const site = oauthSiteOf(app.env.APP_URL);
  // The organisation is chosen on the page: the current one need not be paid for (ADR 196); the assistant's calls are checked in theirs.
  const person = { access: 'user', payment: 'any-organization' } as const;
  const consentOptions = (request: FastifyRequest) => ({ db: app.db, auth: requireAuth(request), site, now: app.now() });

  app.get('/api/oauth/requests/:requestId', { config: person, schema: { params: ConsentRequestParamsSchema, response: { 200: ConsentRequestSchema } } }, async (request) =>
    readConsentRequest({ ...consentOptions(request), requestId: request.params.requestId }),
  );

  const decisionSchema = { params: ConsentRequestParamsSchema, body: ConsentDecisionInputSchema, response: { 200: ConsentDecisionSchema } };
  app.post('/api/oauth/requests/:requestId/decision', { config: person, schema: decisionSchema }, async (request) =>
    decideConsent({ ...consentOptions(request), requestId: request.params.requestId, input: request.body, audit: auditFor(request) }),
  );

  app.get('/api/account/assistants', { config: person, schema: { response: { 200: ConnectedAssistantListSchema } } }, async (request) => listConnectedAssistants(app.db, requireAuth(request)));

  app.delete('/api/account/assistants/:grantId', { config: person, schema: { params: ConnectedAssistantParamsSchema, response: { 200: MessageResponseSchema } } }, async (request) =>
    disconnectAssistant({ db: app.db, auth: requireAuth(request), grantId: request.params.grantId, now: app.now(), audit: auditFor(request) }),
  );
}

export async function oauthRoutes(app: FastifyInstance) {
  await app.register(oauthProtocolRoutes);
  await app.register(oauthAppRoutes);
}
