import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@/contracts/webhooks.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { auditLog, jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { completeAssessment } from '../../test/helpers.ts';
import { STEP_UP_WINDOW_MS } from '../../sessions/step-up.ts';
import { createCaller, createOrganizationRow, send, verifiedAgo, type Caller } from '../../test/organization-members.ts';
import { startSecondInstance } from '../../test/second-instance.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { deliverAttempt, RETRY_DELAYS_MS } from './deliver.ts';
import { findEndpoint } from './endpoint-store.ts';
import { queueMessage } from './queue-message.ts';
import { openSigningSecret, PREVIOUS_SECRET_GRACE_MS } from './signing.ts';
import { targetPolicyOf } from '../../lib/outbound-target.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../test/webhook-receiver.ts';

/** Signed webhooks (ADR 229): the owner's endpoints, signing, the queue's attempts and retries, SSRF refusals. */

const t = useSharedTestApp();
let receiver: WebhookReceiver;
let owner: Caller;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  owner = await createCaller(t);
});

const MINUTE = 60_000;
const webhooksUrl = (organizationId: string, rest = '') => `/api/organizations/${organizationId}/webhooks${rest}`;

/** A request whose background work (the first delivery attempt, ADR 177) is over before the test looks. */
async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  const response = await send(t, method, url, cookie, payload);
  await t.app.backgroundTasks.idle();
  return response;
}

async function register(caller: Caller, input: Record<string, unknown> = {}): Promise<WebhookEndpointWithSecret> {
  const response = await call('POST', webhooksUrl(caller.homeOrganizationId), caller.cookie, {
    url: receiver.url,
    events: ['assessment.completed'],
    ...input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function deliveriesOf(caller: Caller, endpointId: string): Promise<WebhookDelivery[]> {
  const response = await call('GET', webhooksUrl(caller.homeOrganizationId, `/${endpointId}/deliveries`), caller.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<WebhookDeliveryList>().deliveries;
}

/** The hand-rolled check of docs/webhooks.md: HMAC-SHA256 of "id.timestamp.body" with the base64 key after `whsec_`. */
function signatureOf(secret: string, message: ReceivedWebhook): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

const signaturesOf = (message: ReceivedWebhook) => (message.headers['webhook-signature'] ?? '').split(' ');

async function runJobsAfter(ms: number) {
  t.clock.advance(ms);
  await t.app.jobs.runDue();
}

describe('an owner registers endpoints', () => {
  test('create answers the secret once and seals it; the list never shows it; every change is audited', async () => {
    const { endpoint, secret } = await register(owner, {
      description: 'Risk dashboard',
      events: ['assessment.completed', 'action.due', 'action.due'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      description: 'Risk dashboard',
      events: ['assessment.completed', 'action.due'],
      enabled: true,
      previousSecretExpiresAt: null,
    });

    const [row] = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretEnc).not.toContain(secret.slice(6));
    expect(openSigningSecret(t.env.ENCRYPTION_KEY, endpoint.id, row!.secretEnc)).toBe(secret);
    expect(() => openSigningSecret(t.env.ENCRYPTION_KEY, 'another-endpoint', row!.secretEnc)).toThrow();

    const list = await call('GET', webhooksUrl(owner.homeOrganizationId), owner.cookie);
    expect(list.json<WebhookEndpointList>().endpoints.map((item) => item.id)).toEqual([endpoint.id]);
    expect(list.body).not.toContain(secret);

    const patched = await call('PATCH', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}`), owner.cookie, {
      enabled: false,
      events: ['subscription.changed'],
    });
    expect(patched.json<WebhookEndpoint>()).toMatchObject({ enabled: false, events: ['subscription.changed'] });
    const rotated = await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/rotate-secret`), owner.cookie);
    expect(rotated.json<WebhookEndpointWithSecret>().secret).not.toBe(secret);
    expect((await call('DELETE', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}`), owner.cookie)).statusCode).toBe(200);
    expect(await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).toHaveLength(0);

    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.organizationId, owner.homeOrganizationId));
    const actions = audits.map((audit) => audit.action).filter((action) => action.startsWith('webhook.'));
    expect(actions.sort()).toEqual([
      'webhook.endpoint_created',
      'webhook.endpoint_deleted',
      'webhook.endpoint_updated',
      'webhook.secret_rotated',
    ]);
    expect(JSON.stringify(audits)).not.toContain(secret.slice(6));
  });

  test('creating a webhook and rotating its secret, which answer a signing secret, ask for a fresh code', async () => {
    const { endpoint, secret } = await register(owner);
    await verifiedAgo(t, owner.cookie, STEP_UP_WINDOW_MS + 1_000);
    const created = await call('POST', webhooksUrl(owner.homeOrganizationId), owner.cookie, {
      url: receiver.url,
      events: ['assessment.completed'],
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ code: 'step_up_required' });
    expect(created.body).not.toContain('whsec_');
    const rotated = await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/rotate-secret`), owner.cookie);
    expect(rotated.statusCode).toBe(403);
    expect(rotated.json()).toMatchObject({ code: 'step_up_required' });
    const rows = await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, owner.homeOrganizationId));
    expect(rows).toHaveLength(1);
    expect(openSigningSecret(t.env.ENCRYPTION_KEY, endpoint.id, rows[0]!.secretEnc)).toBe(secret);
    expect(rows[0]!.previousSecretEnc).toBeNull();
    // Changes that answer no secret need no code.
    expect(
      (await call('PATCH', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}`), owner.cookie, { enabled: false })).statusCode,
    ).toBe(200);
  });

  test('only the owner: a member, a viewer and another organisation get 404, and cannot reach an endpoint by id', async () => {
    const { endpoint } = await register(owner);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const viewer = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'viewer' });
    for (const caller of [member, viewer]) {
      expect((await call('GET', webhooksUrl(owner.homeOrganizationId), caller.cookie)).statusCode).toBe(404);
      expect((await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), caller.cookie)).statusCode).toBe(404);
      expect(
        (await call('POST', webhooksUrl(owner.homeOrganizationId), caller.cookie, { url: receiver.url, events: ['action.due'] }))
          .statusCode,
      ).toBe(404);
    }
    const stranger = await createCaller(t);
    // The stranger's own organisation in the path, the owner's endpoint id: still not found.
    expect((await call('DELETE', webhooksUrl(stranger.homeOrganizationId, `/${endpoint.id}`), stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', webhooksUrl(stranger.homeOrganizationId, `/${endpoint.id}/deliveries`), stranger.cookie)).statusCode).toBe(
      404,
    );
    expect(await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).toHaveLength(1);
  });

  test('refuses at registration: plain http off this machine, private, link-local and metadata addresses, credentials in the URL', async () => {
    const refused: Array<[string, string]> = [
      ['http://example.com/hook', 'must start with https://'],
      ['https://10.0.0.1/hook', '10.0.0.1 is a private or link-local address'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a private or link-local address'],
      ['https://[fd00::1]/hook', 'fd00::1 is a private or link-local address'],
      ['https://100.64.0.1/hook', 'private or link-local'],
      ['https://0.0.0.0/hook', 'is not a unicast address'],
      ['https://user:pass@example.com/hook', 'must not contain a user name or password'],
      ['ftp://example.com/hook', 'must start with https://'],
    ];
    for (const [url, message] of refused) {
      const response = await call('POST', webhooksUrl(owner.homeOrganizationId), owner.cookie, { url, events: ['action.due'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toContain(message);
    }
    const { endpoint } = await register(owner);
    const patched = await call('PATCH', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}`), owner.cookie, {
      url: 'https://192.168.1.1/',
    });
    expect(patched.statusCode).toBe(400);
    expect(
      await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, owner.homeOrganizationId)),
    ).toHaveLength(1);
  });
});

describe('delivery', () => {
  test('a test event is signed by Standard Webhooks, verifies with the secret, and is logged as delivered', async () => {
    const { endpoint, secret } = await register(owner);
    const sent = await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), owner.cookie);
    expect(sent.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(1);
    const message = receiver.received[0]!;
    // The clock of the shared test app starts at the real time, so the library's 5-minute timestamp check passes too.
    const verified = new Webhook(secret).verify(message.body, message.headers) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({ type: 'webhook.test', data: { organizationId: owner.homeOrganizationId, endpointId: endpoint.id } });
    expect(signaturesOf(message)).toEqual([signatureOf(secret, message)]);
    expect(message.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(message.body, message.headers)).toThrow();

    const [delivery] = await deliveriesOf(owner, endpoint.id);
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      messageId: message.headers['webhook-id'],
    });
  });

  test('an event goes to the enabled endpoints of its organisation that asked for it, once', async () => {
    const wanted = await register(owner, { events: ['assessment.completed'] });
    const other = await register(owner, { events: ['action.due'] });
    const disabled = await register(owner, { events: ['assessment.completed'] });
    await call('PATCH', webhooksUrl(owner.homeOrganizationId, `/${disabled.endpoint.id}`), owner.cookie, { enabled: false });
    const assessment = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT);
    await t.app.backgroundTasks.idle();
    await t.app.jobs.runDue();

    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'assessment.completed',
      data: {
        organizationId: owner.homeOrganizationId,
        assessmentId: assessment.id,
        resultUrl: `${t.env.APP_URL}/api/v1/assessments/${assessment.id}/result`,
      },
    });
    expect(await deliveriesOf(owner, other.endpoint.id)).toEqual([]);
    expect(await deliveriesOf(owner, disabled.endpoint.id)).toEqual([]);

    // The same event again (a retried emitter) queues nothing new: the message id is the event's.
    t.app.events.emit('assessment.completed', { organizationId: owner.homeOrganizationId, assessmentId: assessment.id });
    await t.app.backgroundTasks.idle();
    expect(await deliveriesOf(owner, wanted.endpoint.id)).toHaveLength(1);
    // Another organisation's event reaches none of these endpoints.
    t.app.events.emit('assessment.completed', { organizationId: await createOrganizationRow(t), assessmentId: assessment.id });
    await t.app.backgroundTasks.idle();
    expect(receiver.received).toHaveLength(1);
  });

  test('subscription.changed carries the organisation’s new access (an invoice-mode change by an administrator)', async () => {
    await register(owner, { events: ['subscription.changed'] });
    const admin = await createCaller(t, { role: 'admin' });
    const changed = await call('POST', `/api/admin/billing/organizations/${owner.homeOrganizationId}/subscription`, admin.cookie, {
      action: 'activate',
      plan: 'annual',
      months: 12,
      note: 'PO 42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.app.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: 'subscription.changed',
      data: { organizationId: owner.homeOrganizationId, status: 'active', plan: 'annual' },
    });
    expect(new Date(String(body.data.accessUntil)).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  test('a failing receiver is retried after 1 and 5 minutes with the same message id, then delivered', async () => {
    const { endpoint, secret } = await register(owner);
    receiver.answerNext([500, 503]);
    await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), owner.cookie);
    const firstFailure = t.clock.now();
    let [delivery] = await deliveriesOf(owner, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'The receiver answered HTTP 500' });
    expect(delivery?.nextAttemptAt).toBe(new Date(firstFailure.getTime() + RETRY_DELAYS_MS[0]).toISOString());

    await runJobsAfter(MINUTE - 1_000);
    expect(receiver.received).toHaveLength(1);
    await runJobsAfter(1_000);
    expect(receiver.received).toHaveLength(2);
    [delivery] = await deliveriesOf(owner, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    expect(delivery?.nextAttemptAt).toBe(new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString());

    await runJobsAfter(5 * MINUTE);
    [delivery] = await deliveriesOf(owner, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(new Set(receiver.received.map((message) => message.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((message) => message.body)).size).toBe(1);
    // Each attempt is signed with its own timestamp.
    for (const message of receiver.received) expect(signaturesOf(message)).toEqual([signatureOf(secret, message)]);
    await runJobsAfter(24 * 60 * MINUTE);
    expect(receiver.received).toHaveLength(3);
  });

  test('after six failed attempts (1 min, 5 min, 30 min, 2 h, 12 h apart) the delivery is failed and not tried again', async () => {
    const { endpoint } = await register(owner);
    receiver.answerNext([500, 500, 500, 500, 500, 500]);
    await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), owner.cookie);
    for (const delay of RETRY_DELAYS_MS) await runJobsAfter(delay);
    expect(receiver.received).toHaveLength(6);
    // Read from the database: the owner's session has expired over these hours.
    const [delivery] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 6, lastStatusCode: 500, lastError: 'The receiver answered HTTP 500' });
    await runJobsAfter(48 * 60 * MINUTE);
    expect(receiver.received).toHaveLength(6);
    receiver.received.length = 0;
  });

  test('after a rotation both secrets sign for 24 hours, then only the new one', async () => {
    // Back to the real time (earlier tests moved the clock), for the library's timestamp check.
    t.clock.set(new Date());
    const { endpoint, secret: oldSecret } = await register(owner);
    const rotated = await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/rotate-secret`), owner.cookie);
    const { secret: newSecret, endpoint: after } = rotated.json<WebhookEndpointWithSecret>();
    expect(after.previousSecretExpiresAt).toBe(new Date(t.clock.now().getTime() + PREVIOUS_SECRET_GRACE_MS).toISOString());

    await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), owner.cookie);
    const during = receiver.received[0]!;
    expect(signaturesOf(during)).toEqual([signatureOf(newSecret, during), signatureOf(oldSecret, during)]);
    // A receiver still on the old secret accepts it, and so does one already on the new.
    expect(() => new Webhook(oldSecret).verify(during.body, during.headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(during.body, during.headers)).not.toThrow();

    t.clock.advance(PREVIOUS_SECRET_GRACE_MS);
    await call('POST', webhooksUrl(owner.homeOrganizationId, `/${endpoint.id}/test`), owner.cookie);
    const later = receiver.received[1]!;
    expect(signaturesOf(later)).toEqual([signatureOf(newSecret, later)]);
  });

  test('SSRF: a host name that resolves to a private address is refused at delivery and nothing is sent', async () => {
    const { endpoint } = await register(owner, { url: `https://hooks.customer.example/cifer` });
    const row = await findEndpoint(t.app.db, endpoint.id);
    const [delivery] = await queueMessage(
      t.app.db,
      [row!],
      { id: 'msg_ssrf', type: 'webhook.test', data: {}, at: t.clock.now() },
      t.clock.now(),
    );
    const asked: string[] = [];
    const deps = {
      db: t.app.db,
      encryptionKey: t.env.ENCRYPTION_KEY,
      policy: targetPolicyOf(t.env),
      resolve: async (hostname: string) => {
        asked.push(hostname);
        return [
          { address: '93.184.216.34', family: 4 as const },
          { address: '10.1.2.3', family: 4 as const },
        ];
      },
      now: t.clock.now(),
    };
    await deliverAttempt(deps, delivery!.id, 1);
    expect(asked).toEqual(['hooks.customer.example']);
    const [stored] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(stored).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'hooks.customer.example resolves to a refused address: 10.1.2.3 is a private or link-local address',
    });
    // Refused like any failure: the next attempt is queued after its back-off.
    const queued = await t.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'webhooks.deliver'), eq(jobs.dedupeKey, `webhooks.deliver:${delivery!.id}:2`)));
    expect(queued).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
    // Later passes of this shared app must not look the made-up name up in real DNS.
    await t.app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });

  test('the reminder job tells receivers a reassessment is due, once however many passes run', async () => {
    const { endpoint } = await register(owner, { events: ['reassessment.due'] });
    const assessment = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT);
    await t.app.backgroundTasks.idle();
    // A yearly cadence reminds 14 days before the due date.
    await runJobsAfter(352 * 24 * 60 * MINUTE);
    await t.app.backgroundTasks.idle();
    await runJobsAfter(2 * 60 * MINUTE);
    await t.app.backgroundTasks.idle();
    const reminders = receiver.received.map((message) => JSON.parse(message.body) as { type: string; data: Record<string, unknown> });
    expect(reminders).toEqual([
      expect.objectContaining({
        type: 'reassessment.due',
        data: expect.objectContaining({
          organizationId: owner.homeOrganizationId,
          overdue: false,
          lastCompletedAt: assessment.completedAt,
        }),
      }),
    ]);
    const [delivery] = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(delivery).toMatchObject({ status: 'delivered', eventType: 'reassessment.due' });
  });

  test.runIf(process.env.DATABASE_URL)(
    'two instances on one PostgreSQL database send each attempt exactly once',
    BUILDS_AN_APP,
    async () => {
      const second = await startSecondInstance(t);
      try {
        const { endpoint } = await register(owner, { events: ['action.due'] });
        const row = await findEndpoint(t.app.db, endpoint.id);
        const now = t.clock.now();
        for (let n = 0; n < 30; n++)
          await queueMessage(t.app.db, [row!], { id: `msg_parallel_${n}`, type: 'action.due', data: { n }, at: now }, now);
        await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue(), t.app.jobs.runDue(), second.app.jobs.runDue()]);
        const ids = receiver.received.map((message) => message.headers['webhook-id']);
        expect(ids).toHaveLength(30);
        expect(new Set(ids).size).toBe(30);
        const deliveries = await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
        expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(
          Array.from({ length: 30 }, () => ['delivered', 1]),
        );
      } finally {
        await second.close();
      }
    },
  );
});
