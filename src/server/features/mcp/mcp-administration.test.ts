import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES } from '@/contracts/api-tokens.ts';
import type { OrganizationMembersResponse, PendingInvitation } from '@/contracts/organizations.ts';
import type { V1AuditLogPage, V1Evidence } from '@/contracts/public-api.ts';
import type { SsoConnectionList } from '@/contracts/sso.ts';
import type { WebhookDelivery, WebhookEndpointWithSecret } from '@/contracts/webhooks.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { createCaller, send, type Caller } from '../../test/organization-members.ts';
import { issueToken } from '../../test/public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { apiJson, connectOverHttp, issueApiToken, jsonOf, textOf } from './mcp-test-support.ts';

/** The administration and evidence tools (ADR 320) through the official SDK client: the API's answers, and its refusals as tool errors. */

const t = useSharedTestApp();
const clients: Client[] = [];
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

const OWNERS_ONLY = 'CIFER refused (403): Only an owner of this organisation can do this';

async function webhookOf(owner: Caller): Promise<string> {
  const created = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/webhooks`, owner.cookie, { url: receiver.url, events: ['assessment.completed'] });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<WebhookEndpointWithSecret>().endpoint.id;
}

describe('MCP administration and evidence tools', BUILDS_AN_APP, () => {
  test("an owner's assistant lists members, invites and takes the invitation back, and pages the audit log", async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const secret = await issueApiToken(t, owner, ['read', 'write']);
    const client = await connectOverHttp(t, secret, clients);

    const listed = await client.callTool({ name: 'list_members', arguments: {} });
    expect(jsonOf<OrganizationMembersResponse>(listed).members.map((m) => `${m.email} ${m.role}`).sort()).toEqual([`${member.email} member`, `${owner.email} owner`].sort());
    expect(textOf(listed)).toContain('has 2 member(s)');

    const invited = await client.callTool({ name: 'invite_member', arguments: { email: 'assistant-invitee@example.test', role: 'viewer' } });
    expect(invited.isError, textOf(invited)).toBeFalsy();
    const invitation = jsonOf<PendingInvitation>(invited);
    expect(invitation).toMatchObject({ email: 'assistant-invitee@example.test', role: 'viewer' });
    expect((await apiJson<OrganizationMembersResponse>(t, secret, 'GET', '/api/v1/members')).invitations.map((i) => i.id)).toEqual([invitation.id]);
    expect(textOf(await client.callTool({ name: 'list_members', arguments: {} }))).toContain(`[${invitation.id}]`);

    const revoked = await client.callTool({ name: 'revoke_invitation', arguments: { invitationId: invitation.id } });
    expect(revoked.isError, textOf(revoked)).toBeFalsy();
    expect((await apiJson<OrganizationMembersResponse>(t, secret, 'GET', '/api/v1/members')).invitations).toEqual([]);
    const again = await client.callTool({ name: 'revoke_invitation', arguments: { invitationId: invitation.id } });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('(404)');

    // The log of what the assistant did, a page of one at a time, as the API pages it.
    const first = await client.callTool({ name: 'query_audit_log', arguments: { action: 'organization.invit', limit: 1 } });
    const firstPage = jsonOf<V1AuditLogPage>(first);
    expect(firstPage).toEqual(await apiJson<V1AuditLogPage>(t, secret, 'GET', '/api/v1/audit-log?action=organization.invit&limit=1'));
    expect(firstPage.items.map((e) => [e.action, e.apiTokenName])).toEqual([['organization.invitation_revoked', 'Assistant']]);
    expect(textOf(first)).toContain(`cursor "${firstPage.nextCursor}"`);
    const second = jsonOf<V1AuditLogPage>(await client.callTool({ name: 'query_audit_log', arguments: { action: 'organization.invit', limit: 1, cursor: firstPage.nextCursor } }));
    expect(second.items.map((e) => e.action)).toEqual(['organization.invited']);
    const badDate = await client.callTool({ name: 'query_audit_log', arguments: { from: '31/01/2026' } });
    expect(badDate.isError).toBe(true);
  });

  test("an owner's assistant reads webhooks and their deliveries, sends a test event, and reads the SSO settings", async () => {
    const owner = await createCaller(t);
    const webhookId = await webhookOf(owner);
    const secret = await issueApiToken(t, owner, ['read', 'write']);
    const client = await connectOverHttp(t, secret, clients);

    const webhooks = await client.callTool({ name: 'list_webhooks', arguments: {} });
    expect(jsonOf<{ endpoints: { id: string; url: string }[] }>(webhooks).endpoints.map((e) => [e.id, e.url])).toEqual([[webhookId, receiver.url]]);
    expect(textOf(webhooks)).not.toContain('whsec_');

    const tested = await client.callTool({ name: 'send_webhook_test', arguments: { webhookId } });
    expect(tested.isError, textOf(tested)).toBeFalsy();
    const { delivery } = jsonOf<{ delivery: WebhookDelivery }>(tested);
    expect(delivery.eventType).toBe('webhook.test');
    const deliveries = await client.callTool({ name: 'list_webhook_deliveries', arguments: { webhookId } });
    expect(jsonOf<{ deliveries: WebhookDelivery[] }>(deliveries).deliveries.map((d) => d.id)).toContain(delivery.id);

    const sso = await client.callTool({ name: 'get_sso_settings', arguments: {} });
    expect(jsonOf<SsoConnectionList>(sso)).toEqual(await apiJson<SsoConnectionList>(t, secret, 'GET', '/api/v1/sso'));
    expect(textOf(sso)).toContain('No single sign-on connection.');
  });

  test('the evidence tools read and change the frameworks and notes of a draft, as the API stores them', async () => {
    const owner = await createCaller(t);
    const secret = await issueApiToken(t, owner, ['read', 'write']);
    const client = await connectOverHttp(t, secret, clients);
    const started = await client.callTool({ name: 'start_draft', arguments: { title: 'Evidence by assistant', input: { organisation: SAMPLE_CLINIC_INPUT.organisation } } });
    const { id } = jsonOf<{ id: string }>(started);

    const recorded = await client.callTool({ name: 'record_evidence', arguments: { assessmentId: id, frameworks: { iso27001: { status: 'compliant' } }, notes: { M3: 'MFA policy export, March' } } });
    expect(recorded.isError, textOf(recorded)).toBeFalsy();
    const stored = await apiJson<V1Evidence>(t, secret, 'GET', `/api/v1/assessments/${id}/evidence`);
    expect(stored.notes).toEqual({ M3: 'MFA policy export, March' });
    expect(stored.frameworks.find((f) => f.id === 'iso27001')?.status).toBe('compliant');

    const read = await client.callTool({ name: 'get_evidence', arguments: { assessmentId: id } });
    expect(jsonOf(read)).toEqual(stored);
    expect(textOf(read)).toContain('ISO/IEC 27001: Compliant');
    expect(textOf(read)).toContain('M3 MFA and access control: MFA policy export, March');
  });

  test("a read token cannot invite, test a webhook or record evidence; a member is told it is for owners; another organisation's webhook is not found", async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const webhookId = await webhookOf(owner);
    const reader = await connectOverHttp(t, await issueApiToken(t, owner, ['read']), clients);
    const draft = jsonOf<{ id: string }>(await (await connectOverHttp(t, await issueApiToken(t, owner, ['read', 'write']), clients)).callTool({ name: 'start_draft', arguments: {} }));

    for (const [name, args] of [['invite_member', { email: 'refused@example.test' }], ['send_webhook_test', { webhookId }], ['record_evidence', { assessmentId: draft.id, notes: { M1: 'x' } }]] as const) {
      const refused = await reader.callTool({ name, arguments: args });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toContain(API_TOKEN_MESSAGES.readOnly);
    }
    const ownerSecret = await issueApiToken(t, owner, ['read']);
    expect((await apiJson<OrganizationMembersResponse>(t, ownerSecret, 'GET', '/api/v1/members')).invitations).toEqual([]);
    expect((await apiJson<V1Evidence>(t, ownerSecret, 'GET', `/api/v1/assessments/${draft.id}/evidence`)).notes).toEqual({});

    const asMember = await connectOverHttp(t, await issueToken(t, member), clients);
    for (const name of ['list_members', 'query_audit_log', 'list_webhooks', 'get_sso_settings']) {
      const refused = await asMember.callTool({ name, arguments: {} });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused), name).toBe(OWNERS_ONLY);
    }
    const invitedByMember = await asMember.callTool({ name: 'invite_member', arguments: { email: 'refused@example.test' } });
    expect(textOf(invitedByMember)).toBe(OWNERS_ONLY);
    // A member does record evidence: it is an answer of the assessment, as in the app.
    expect((await asMember.callTool({ name: 'record_evidence', arguments: { assessmentId: draft.id, notes: { M1: 'Training records' } } })).isError).toBeFalsy();

    const stranger = await connectOverHttp(t, await issueApiToken(t, await createCaller(t), ['read', 'write']), clients);
    const theirs = await stranger.callTool({ name: 'list_webhook_deliveries', arguments: { webhookId } });
    expect(theirs.isError).toBe(true);
    expect(textOf(theirs)).toContain('(404)');
  });
});
