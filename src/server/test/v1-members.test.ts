import { describe, expect, test } from 'vitest';
import type { OrganizationMembersResponse, PendingInvitation } from '@/contracts/organizations.ts';
import type { V1AuditLogPage } from '@/contracts/public-api.ts';
import { createCaller } from './organization-members.ts';
import { issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';

/** Members and invitations through /api/v1 (ADR 293): the Members page's operations, under its rules, audited with the token's name. */

const t = useSharedTestApp();

async function membersOf(secret: string): Promise<OrganizationMembersResponse> {
  const response = await withToken(t, secret, 'GET', '/api/v1/members');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OrganizationMembersResponse>();
}

describe('/api/v1 members and invitations', BUILDS_AN_APP, () => {
  test("an owner's write token invites, revokes, changes a role and removes a member, each audited", async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const writer = await issueToken(t, owner);

    const invited = await withToken(t, writer, 'POST', '/api/v1/invitations', {
      payload: { email: 'api-newcomer@example.test', role: 'viewer' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json<PendingInvitation>();
    expect((await membersOf(writer)).invitations.map((i) => `${i.email} ${i.role}`)).toEqual(['api-newcomer@example.test viewer']);
    const revoked = await withToken(t, writer, 'DELETE', `/api/v1/invitations/${invitation.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await membersOf(writer)).invitations).toEqual([]);

    const changed = await withToken(t, writer, 'PATCH', `/api/v1/members/${member.userId}`, { payload: { role: 'viewer' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await membersOf(writer)).members.find((m) => m.userId === member.userId)?.role).toBe('viewer');
    const removed = await withToken(t, writer, 'DELETE', `/api/v1/members/${member.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await membersOf(writer)).members.map((m) => m.email)).toEqual([owner.email]);

    const audit = (await withToken(t, writer, 'GET', '/api/v1/audit-log?action=organization.')).json<V1AuditLogPage>();
    expect(audit.items.filter((e) => e.apiTokenName === 'Public API test').map((e) => e.action)).toEqual([
      'organization.member_removed',
      'organization.member_role_changed',
      'organization.invitation_revoked',
      'organization.invited',
    ]);
  });

  test('the last owner is kept (409); bad input is 400', async () => {
    const owner = await createCaller(t);
    const writer = await issueToken(t, owner);
    const demoted = await withToken(t, writer, 'PATCH', `/api/v1/members/${owner.userId}`, { payload: { role: 'member' } });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toMatchObject({ code: 'conflict', message: 'An organisation must keep at least one owner.' });
    const badEmail = await withToken(t, writer, 'POST', '/api/v1/invitations', { payload: { email: 'not-an-address' } });
    expect(badEmail.statusCode).toBe(400);
    const badRole = await withToken(t, writer, 'PATCH', `/api/v1/members/${owner.userId}`, { payload: { role: 'emperor' } });
    expect(badRole.statusCode).toBe(400);
    expect((await withToken(t, writer, 'DELETE', '/api/v1/members/not-a-uuid')).statusCode).toBe(400);
  });

  test('a read token, a member and a viewer are refused (403); another organisation’s member or invitation is not found (404)', async () => {
    const owner = await createCaller(t);
    const member = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'member' });
    const viewer = await createCaller(t, { organizationId: owner.homeOrganizationId, organizationRole: 'viewer' });
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const invite = { payload: { email: 'refused@example.test' } };
    expect((await withToken(t, reader, 'POST', '/api/v1/invitations', invite)).statusCode).toBe(403);
    expect((await withToken(t, reader, 'DELETE', `/api/v1/members/${member.userId}`)).statusCode).toBe(403);
    for (const caller of [member, viewer]) {
      const token = await issueToken(t, caller);
      const refused = await withToken(t, token, 'POST', '/api/v1/invitations', invite);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden', message: 'Only an owner of this organisation can do this' });
      expect((await withToken(t, token, 'PATCH', `/api/v1/members/${owner.userId}`, { payload: { role: 'viewer' } })).statusCode).toBe(403);
    }

    const writer = await issueToken(t, owner);
    const theirs = (await withToken(t, writer, 'POST', '/api/v1/invitations', invite)).json<PendingInvitation>();
    const stranger = await issueToken(t, await createCaller(t));
    expect((await withToken(t, stranger, 'DELETE', `/api/v1/invitations/${theirs.id}`)).statusCode).toBe(404);
    expect((await withToken(t, stranger, 'PATCH', `/api/v1/members/${member.userId}`, { payload: { role: 'owner' } })).statusCode).toBe(
      404,
    );
    expect((await withToken(t, stranger, 'DELETE', `/api/v1/members/${member.userId}`)).statusCode).toBe(404);
    expect((await membersOf(writer)).members).toHaveLength(3);
  });
});
