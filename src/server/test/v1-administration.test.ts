import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrganizationMembersResponse } from '@/contracts/organizations.ts';
import type { SsoConnectionList } from '@/contracts/sso.ts';
import type { WebhookDelivery, WebhookDeliveryList, WebhookEndpointList, WebhookEndpointWithSecret } from '@/contracts/webhooks.ts';
import { createCaller, send } from './organization-members.ts';
import { issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/** Administration through the public API (ADR 293): the acting organisation's owner reads members, audit log, webhooks and SSO settings, and sends a test event. */

const t = useSharedTestApp();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('/api/v1 administration', BUILDS_AN_APP, () => {
  test("an owner's token reads members and invitations, the audit log, webhooks and their deliveries, SSO settings, and sends a test event", async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const invited = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/invitations`, owner.cookie, { email: 'newcomer@example.test', role: 'viewer' });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    const created = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/webhooks`, owner.cookie, { url: receiver.url, events: ['assessment.completed'] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<WebhookEndpointWithSecret>().endpoint;
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const writer = await issueToken(t, owner);

    const members = await withToken(t, reader, 'GET', '/api/v1/members');
    expect(members.statusCode, members.body).toBe(200);
    const listed = members.json<OrganizationMembersResponse>();
    expect(listed.organization.id).toBe(owner.homeOrganizationId);
    expect(listed.members.map((m) => m.email).sort()).toEqual([member.email, owner.email].sort());
    expect(listed.invitations.map((i) => i.email)).toEqual(['newcomer@example.test']);

    const audit = await withToken(t, reader, 'GET', '/api/v1/audit-log');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('webhook.endpoint_created');

    const webhooks = await withToken(t, reader, 'GET', '/api/v1/webhooks');
    expect(webhooks.json<WebhookEndpointList>().endpoints.map((e) => e.id)).toEqual([endpoint.id]);
    expect(webhooks.body).not.toContain('whsec_');
    // A test event is a write: the read token is refused, the write token sends it.
    expect((await withToken(t, reader, 'POST', `/api/v1/webhooks/${endpoint.id}/test`)).statusCode).toBe(403);
    const tested = await withToken(t, writer, 'POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    const delivery = tested.json<{ delivery: WebhookDelivery }>().delivery;
    const deliveries = await withToken(t, reader, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`);
    expect(deliveries.json<WebhookDeliveryList>().deliveries.map((d) => d.id)).toContain(delivery.id);

    const sso = await withToken(t, reader, 'GET', '/api/v1/sso');
    expect(sso.statusCode).toBe(200);
    expect(sso.json<SsoConnectionList>()).toMatchObject({ connections: [], redirectUri: expect.stringContaining('/api/auth/sso/callback') });
  });

  test("a member's token is refused (403); another organisation's webhook is not found (404)", async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const memberToken = await issueToken(t, member);
    for (const url of ['/api/v1/members', '/api/v1/audit-log', '/api/v1/webhooks', '/api/v1/sso']) {
      const refused = await withToken(t, memberToken, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden', message: 'Only an owner of this organisation can do this' });
    }
    const created = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/webhooks`, owner.cookie, { url: receiver.url, events: ['assessment.completed'] });
    const theirs = created.json<WebhookEndpointWithSecret>().endpoint.id;
    const stranger = await issueToken(t, await createCaller(t));
    expect((await withToken(t, stranger, 'GET', `/api/v1/webhooks/${theirs}/deliveries`)).statusCode).toBe(404);
    expect((await withToken(t, stranger, 'POST', `/api/v1/webhooks/${theirs}/test`)).statusCode).toBe(404);
  });
});
