import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '@/contracts/api.ts';
import { OrganizationIdParamsSchema } from '@/contracts/organizations.ts';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookDeliveryListSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookEndpointWithSecretSchema,
  WebhookParamsSchema,
  WebhookTestResponseSchema,
} from '@/contracts/webhooks.ts';
import { AppError } from '../../errors.ts';
import { auditFor } from '../../lib/audit.ts';
import { rejectInvalidInput, rejectInvalidParams } from '../../lib/validation.ts';
import { enforceRateLimit } from '../../plugins/rate-limit.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { deliverAttempt } from './deliver.ts';
import { listDeliveries } from './delivery-store.ts';
import { listEndpoints, type EndpointRow } from './endpoint-store.ts';
import { changeEndpoint, createEndpoint, removeEndpoint, rotateSecret } from './manage-endpoints.ts';
import { requireActingOwner, requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { requireOwnedEndpoint } from './owner-access.ts';
import { publishEvent, publishTestEvent } from './publish-event.ts';
import { DELIVERY_JOB } from './queue-message.ts';
import { resolveWithDns, targetPolicyOf } from '../../lib/outbound-target.ts';
import { toWebhookDelivery, toWebhookEndpoint } from './views.ts';

/** Each test event is a request from this server to the owner's URL: a person needs a few, a loop gets cut off. */
const TEST_EVENTS_PER_USER = 20;
const TEST_EVENT_WINDOW_MS = 60_000;

/** Signed webhooks of an organisation (ADR 229): its owner's endpoints, the events that fill them, the job that delivers. */
export async function webhookRoutes(fastify: FastifyInstance) {
  registerDelivery(fastify);
  ownerWebhookRoutes(fastify);
  ownerEndpointActionRoutes(fastify);
  apiWebhookRoutes(fastify);
}

const publishDepsOf = (app: FastifyInstance) => () => ({ db: app.db, appUrl: app.env.APP_URL, now: app.now() });
// The first attempt goes out at once from this instance; retries wait for their time on whichever instance polls first.
const deliverSoonOf = (app: FastifyInstance) => () => app.backgroundTasks.run('webhooks.deliver-now', () => app.jobs.runDue());

/** One signed test event to an enabled endpoint, counted against the caller's limit. */
function testEventSender(app: FastifyInstance) {
  const publishDeps = publishDepsOf(app);
  const deliverSoon = deliverSoonOf(app);
  return async (request: FastifyRequest, endpoint: EndpointRow) => {
    if (!endpoint.enabled) throw new AppError('conflict', 'This webhook is disabled. Enable it to send a test event.');
    await enforceRateLimit(app, `webhooks:test:${requireAuth(request).user.id}`, TEST_EVENTS_PER_USER, TEST_EVENT_WINDOW_MS, 'Too many test events. Please wait a minute and try again.');
    const delivery = await publishTestEvent(publishDeps(), endpoint);
    deliverSoon();
    return { delivery: toWebhookDelivery(delivery) };
  };
}

/** The delivery job and the listeners that turn domain events into queued deliveries. */
function registerDelivery(app: FastifyInstance) {
  const policy = targetPolicyOf(app.env);
  const publishDeps = publishDepsOf(app);
  const deliverSoon = deliverSoonOf(app);
  app.jobs.register(DELIVERY_JOB, async (payload, { now }) => {
    const deliveryId = typeof payload.deliveryId === 'string' ? payload.deliveryId : '';
    const attempt = typeof payload.attempt === 'number' ? payload.attempt : 0;
    await deliverAttempt({ db: app.db, encryptionKey: app.env.ENCRYPTION_KEY, policy, resolve: resolveWithDns, now }, deliveryId, attempt);
  });

  for (const type of WEBHOOK_EVENT_TYPES) {
    app.events.on(type, async (event) => {
      const queued = await publishEvent(publishDeps(), type, event);
      if (queued.length > 0) deliverSoon();
    });
  }
}

// Owner settings. Every route checks ownership before it reads a body (ADR 064, 210): anyone else gets 404 (owner-access.ts).
const owner = { access: 'user' } as const;
const endpointSchema = <T>(answer: T) => ({ params: WebhookParamsSchema, response: { 200: answer } });

function manageOptionsOf(app: FastifyInstance) {
  const policy = targetPolicyOf(app.env);
  return (request: FastifyRequest) => ({
    db: app.db,
    encryptionKey: app.env.ENCRYPTION_KEY,
    policy,
    now: app.now(),
    audit: auditFor(request),
  });
}

/** List, create, change and remove an organisation's endpoints. */
function ownerWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manageOptions = manageOptionsOf(app);

  const listSchema = { params: OrganizationIdParamsSchema, response: { 200: WebhookEndpointListSchema } };
  app.get('/api/organizations/:id/webhooks', { config: owner, schema: listSchema }, async (request) => {
    await requireOwnerOrNotFound(app.db, requireAuth(request), request.params.id);
    return { endpoints: (await listEndpoints(app.db, request.params.id)).map(toWebhookEndpoint) };
  });

  const createSchema = {
    params: OrganizationIdParamsSchema,
    body: WebhookEndpointInputSchema,
    response: { 201: WebhookEndpointWithSecretSchema },
  };
  app.post('/api/organizations/:id/webhooks', { config: owner, schema: createSchema, attachValidation: true }, async (request, reply) => {
    rejectInvalidParams(request);
    const auth = requireAuth(request);
    await requireOwnerOrNotFound(app.db, auth, request.params.id);
    rejectInvalidInput(request);
    const created = await createEndpoint({
      ...manageOptions(request),
      organizationId: request.params.id,
      userId: auth.user.id,
      auth,
      input: request.body,
    });
    return reply.code(201).send(created);
  });

  const updateSchema = { params: WebhookParamsSchema, body: WebhookEndpointUpdateSchema, response: { 200: WebhookEndpointSchema } };
  app.patch(
    '/api/organizations/:id/webhooks/:webhookId',
    { config: owner, schema: updateSchema, attachValidation: true },
    async (request) => {
      rejectInvalidParams(request);
      const endpoint = await requireOwnedEndpoint(app.db, requireAuth(request), request.params.id, request.params.webhookId);
      rejectInvalidInput(request);
      return changeEndpoint({ ...manageOptions(request), endpoint, input: request.body });
    },
  );

  app.delete(
    '/api/organizations/:id/webhooks/:webhookId',
    { config: owner, schema: endpointSchema(MessageResponseSchema) },
    async (request) => {
      const endpoint = await requireOwnedEndpoint(app.db, requireAuth(request), request.params.id, request.params.webhookId);
      return removeEndpoint({ db: app.db, audit: auditFor(request), endpoint });
    },
  );
}

/** What an owner does with one endpoint besides editing it: a new secret, a test event, its delivery log. */
function ownerEndpointActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manageOptions = manageOptionsOf(app);
  const sendTestEvent = testEventSender(app);
  app.post(
    '/api/organizations/:id/webhooks/:webhookId/rotate-secret',
    { config: owner, schema: endpointSchema(WebhookEndpointWithSecretSchema) },
    async (request) => {
      const auth = requireAuth(request);
      const endpoint = await requireOwnedEndpoint(app.db, auth, request.params.id, request.params.webhookId);
      return rotateSecret({ ...manageOptions(request), endpoint, auth });
    },
  );

  app.post(
    '/api/organizations/:id/webhooks/:webhookId/test',
    { config: owner, schema: endpointSchema(WebhookTestResponseSchema) },
    async (request) => {
      const endpoint = await requireOwnedEndpoint(app.db, requireAuth(request), request.params.id, request.params.webhookId);
      return sendTestEvent(request, endpoint);
    },
  );

  app.get(
    '/api/organizations/:id/webhooks/:webhookId/deliveries',
    { config: owner, schema: endpointSchema(WebhookDeliveryListSchema) },
    async (request) => {
      const endpoint = await requireOwnedEndpoint(app.db, requireAuth(request), request.params.id, request.params.webhookId);
      return { deliveries: (await listDeliveries(app.db, endpoint.id)).map(toWebhookDelivery) };
    },
  );
}

function apiWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sendTestEvent = testEventSender(app);
  // The public API (ADR 293): the acting organisation's endpoints, their delivery logs and a test
  // event, for its owner's token. Creating one and rotating a secret answer a signing secret and ask
  // a fresh code (ADR 290), which a token cannot give: they stay in the app.
  const v1Read = { access: 'user', api: 'read' } as const;
  const v1Params = WebhookParamsSchema.pick({ webhookId: true });
  app.get('/api/v1/webhooks', { config: v1Read, schema: { response: { 200: WebhookEndpointListSchema } } }, async (request) => {
    const organizationId = requireActingOwner(requireAuth(request));
    return { endpoints: (await listEndpoints(app.db, organizationId)).map(toWebhookEndpoint) };
  });
  app.get('/api/v1/webhooks/:webhookId/deliveries', { config: v1Read, schema: { params: v1Params, response: { 200: WebhookDeliveryListSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const endpoint = await requireOwnedEndpoint(app.db, auth, requireActingOwner(auth), request.params.webhookId);
    return { deliveries: (await listDeliveries(app.db, endpoint.id)).map(toWebhookDelivery) };
  });
  app.post('/api/v1/webhooks/:webhookId/test', { config: { access: 'user', api: 'write' }, schema: { params: v1Params, response: { 200: WebhookTestResponseSchema } } }, async (request) => {
    const auth = requireAuth(request);
    const endpoint = await requireOwnedEndpoint(app.db, auth, requireActingOwner(auth), request.params.webhookId);
    return sendTestEvent(request, endpoint);
  });
}
