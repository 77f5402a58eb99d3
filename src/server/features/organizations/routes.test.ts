import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MyOrganizationsResponse, OrganizationMembersResponse } from '@/contracts/organizations.ts';
import { auditLog, invitations, memberships } from '../../db/schema.ts';
import { createCaller, createOrganizationRow, send } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outboxFor } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function invitationToken(email: string): Promise<string> {
  const rows = await outboxFor(t, email);
  const text = rows.at(-1)?.text ?? '';
  const match = /\/invitation#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation mail for ${email}`);
  return match[1]!;
}

async function createAssessment(cookie: string, title: string) {
  const response = await send(t, 'POST', '/api/assessments', cookie, { title });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function listAssessmentTitles(cookie: string): Promise<string[]> {
  const response = await send(t, 'GET', '/api/assessments', cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Array<{ title: string }> }>().items.map((item) => item.title);
}

describe('partners, client organisations and invitations', () => {
  test('a partner creates two client organisations, invites a user into one; the invitee accepts once; each organisation keeps its own history', async () => {
    const partner = await createCaller(t, { partner: true });
    const clinicA = await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'Harbour Clinic' });
    const clinicB = await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'Hillside Clinic' });
    expect(clinicA.statusCode).toBe(201);
    expect(clinicB.statusCode).toBe(201);
    const a = clinicA.json<{ id: string; role: string }>();
    const b = clinicB.json<{ id: string }>();
    expect(a.role).toBe('owner');

    const mine = (await send(t, 'GET', '/api/organizations', partner.cookie)).json<MyOrganizationsResponse>();
    expect(mine.organizations.map((org) => org.name)).toEqual(expect.arrayContaining(['Harbour Clinic', 'Hillside Clinic']));
    expect(mine.currentOrganizationId).toBe(partner.homeOrganizationId);
    expect(mine.canCreateOrganizations).toBe(true);

    // Separate history per organisation, chosen by the session, never by the request body.
    expect((await send(t, 'POST', '/api/organizations/current', partner.cookie, { organizationId: a.id })).statusCode).toBe(200);
    await createAssessment(partner.cookie, 'Harbour review');
    expect((await send(t, 'POST', '/api/organizations/current', partner.cookie, { organizationId: b.id })).statusCode).toBe(200);
    await createAssessment(partner.cookie, 'Hillside review');
    expect(await listAssessmentTitles(partner.cookie)).toEqual(['Hillside review']);
    await send(t, 'POST', '/api/organizations/current', partner.cookie, { organizationId: a.id });
    expect(await listAssessmentTitles(partner.cookie)).toEqual(['Harbour review']);

    const invite = await send(t, 'POST', `/api/organizations/${a.id}/invitations`, partner.cookie, { email: 'Nurse.Lead@Example.com', role: 'member' });
    expect(invite.statusCode).toBe(201);
    const token = await invitationToken('nurse.lead@example.com');
    const [stored] = await t.app.db.select().from(invitations).where(eq(invitations.organizationId, a.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const preview = await send(t, 'POST', '/api/invitations/preview', null, { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ organizationName: 'Harbour Clinic', email: 'nurse.lead@example.com', role: 'member' });

    const stranger = await createCaller(t);
    expect((await send(t, 'POST', '/api/invitations/accept', stranger.cookie, { token })).statusCode).toBe(403);

    const invitee = await createCaller(t, { email: 'nurse.lead@example.com' });
    const accepted = await send(t, 'POST', '/api/invitations/accept', invitee.cookie, { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ organizationId: a.id, organizationName: 'Harbour Clinic' });
    expect(await listAssessmentTitles(invitee.cookie)).toEqual(['Harbour review']);
    expect((await send(t, 'POST', '/api/invitations/accept', invitee.cookie, { token })).statusCode).toBe(404);
    expect((await send(t, 'POST', '/api/invitations/preview', null, { token })).statusCode).toBe(404);

    const members = (await send(t, 'GET', `/api/organizations/${a.id}/members`, partner.cookie)).json<OrganizationMembersResponse>();
    expect(members.members.map((m) => [m.email, m.role])).toEqual(expect.arrayContaining([['nurse.lead@example.com', 'member']]));
    // The member is not an owner: no member list, no invitations.
    expect((await send(t, 'GET', `/api/organizations/${a.id}/members`, invitee.cookie)).statusCode).toBe(403);
    expect((await send(t, 'POST', `/api/organizations/${a.id}/invitations`, invitee.cookie, { email: 'x@example.com' })).statusCode).toBe(403);
    // The other clinic is invisible to the invitee.
    expect((await send(t, 'POST', '/api/organizations/current', invitee.cookie, { organizationId: b.id })).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/organizations/${b.id}/members`, invitee.cookie)).statusCode).toBe(404);

    const ownEvents = await send(t, 'GET', `/api/organizations/${a.id}/audit`, partner.cookie);
    expect(ownEvents.statusCode).toBe(200);
    const actions = ownEvents.json<Array<{ action: string }>>().map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['organization.created', 'organization.invited', 'organization.joined']));
    const bRows = await t.app.db.select().from(auditLog).where(eq(auditLog.organizationId, b.id));
    expect(bRows.some((row) => row.action === 'organization.joined')).toBe(false);
  });

  test('an invitation expires after 7 days, and a newer one replaces the open one', async () => {
    const partner = await createCaller(t, { partner: true });
    const org = (await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'Expiring Clinic' })).json<{ id: string }>();
    await send(t, 'POST', `/api/organizations/${org.id}/invitations`, partner.cookie, { email: 'late@example.com' });
    const first = await invitationToken('late@example.com');
    t.clock.advance(1000);
    await send(t, 'POST', `/api/organizations/${org.id}/invitations`, partner.cookie, { email: 'late@example.com', role: 'viewer' });
    const second = await invitationToken('late@example.com');
    expect(second).not.toBe(first);
    expect((await send(t, 'POST', '/api/invitations/preview', null, { token: first })).statusCode).toBe(404);
    expect((await send(t, 'POST', '/api/invitations/preview', null, { token: second })).json()).toMatchObject({ role: 'viewer' });
    t.clock.advance(7 * 24 * 60 * 60_000 + 1000);
    expect((await send(t, 'POST', '/api/invitations/preview', null, { token: second })).statusCode).toBe(404);
    const invitee = await createCaller(t, { email: 'late@example.com' });
    expect((await send(t, 'POST', '/api/invitations/accept', invitee.cookie, { token: second })).statusCode).toBe(404);
  });

  test('only an approved partner creates client organisations; names are validated', async () => {
    const plain = await createCaller(t);
    expect((await send(t, 'POST', '/api/organizations', plain.cookie, { name: 'Sneaky Org' })).statusCode).toBe(403);
    const partner = await createCaller(t, { partner: true });
    expect((await send(t, 'POST', '/api/organizations', partner.cookie, { name: '   ' })).statusCode).toBe(400);
    expect((await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'Fine', organizationId: plain.homeOrganizationId })).statusCode).toBe(400);
  });
});

describe('roles inside an organisation', () => {
  test('a viewer reads but cannot write assessments (403); a member writes', async () => {
    const org = await createOrganizationRow(t);
    const owner = await createCaller(t, { organizationId: org, organizationRole: 'owner' });
    const id = await createAssessment(owner.cookie, 'Owner draft');
    const viewer = await createCaller(t, { organizationId: org, organizationRole: 'viewer' });
    expect(await listAssessmentTitles(viewer.cookie)).toEqual(['Owner draft']);
    expect((await send(t, 'GET', `/api/assessments/${id}`, viewer.cookie)).statusCode).toBe(200);
    expect((await send(t, 'POST', '/api/assessments', viewer.cookie, { title: 'Nope' })).statusCode).toBe(403);
    expect((await send(t, 'PATCH', `/api/assessments/${id}`, viewer.cookie, { title: 'Nope' })).statusCode).toBe(403);
    expect((await send(t, 'DELETE', `/api/assessments/${id}`, viewer.cookie)).statusCode).toBe(403);
    const member = await createCaller(t, { organizationId: org, organizationRole: 'member' });
    expect((await send(t, 'PATCH', `/api/assessments/${id}`, member.cookie, { title: 'Edited by member' })).statusCode).toBe(200);
  });

  test('removing a member moves their open session back to their home organisation at once; the last owner stays', async () => {
    const partner = await createCaller(t, { partner: true });
    const org = (await send(t, 'POST', '/api/organizations', partner.cookie, { name: 'Removal Clinic' })).json<{ id: string }>();
    const member = await createCaller(t, { organizationId: org.id, organizationRole: 'member' });
    expect((await send(t, 'GET', '/api/organizations', member.cookie)).json<MyOrganizationsResponse>().currentOrganizationId).toBe(org.id);
    expect((await send(t, 'PATCH', `/api/organizations/${org.id}/members/${member.userId}`, partner.cookie, { role: 'viewer' })).statusCode).toBe(200);
    expect((await send(t, 'POST', '/api/assessments', member.cookie, { title: 'As viewer' })).statusCode).toBe(403);
    expect((await send(t, 'DELETE', `/api/organizations/${org.id}/members/${member.userId}`, partner.cookie)).statusCode).toBe(200);
    const after = (await send(t, 'GET', '/api/organizations', member.cookie)).json<MyOrganizationsResponse>();
    expect(after.currentOrganizationId).toBe(member.homeOrganizationId);
    expect(after.organizations.map((o) => o.id)).not.toContain(org.id);
    // The sole owner cannot demote or remove themself.
    expect((await send(t, 'PATCH', `/api/organizations/${org.id}/members/${partner.userId}`, partner.cookie, { role: 'member' })).statusCode).toBe(409);
    const rows = await t.app.db.select().from(memberships).where(and(eq(memberships.organizationId, org.id), eq(memberships.role, 'owner')));
    expect(rows).toHaveLength(1);
  });

  test('a user with only a home organisation works exactly as before: one organisation, owner', async () => {
    const solo = await createCaller(t);
    const mine = (await send(t, 'GET', '/api/organizations', solo.cookie)).json<MyOrganizationsResponse>();
    expect(mine.organizations).toEqual([expect.objectContaining({ id: solo.homeOrganizationId, role: 'owner', isHome: true, isCurrent: true })]);
    expect(mine.canCreateOrganizations).toBe(false);
    await createAssessment(solo.cookie, 'Solo');
    expect(await listAssessmentTitles(solo.cookie)).toEqual(['Solo']);
  });
});
