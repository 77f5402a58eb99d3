import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MyOrganizationsResponse } from '@/contracts/organizations.ts';
import { addMembership, createCaller, createOrganizationRow, send, type Caller } from '../../test/organization-members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Organisation isolation as a property (ADR 140): for random organisations, users, memberships
 * and assessments, a user working in an organisation sees exactly that organisation's
 * assessments, gets 404 for every other one, can switch only to organisations they belong to, and
 * can write only when their role there is member or owner.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(async () => {
  await t.close();
});

const ROLES = ['owner', 'member', 'viewer'] as const;

const worldArbitrary = fc.record({
  organizations: fc.integer({ min: 2, max: 3 }),
  users: fc.integer({ min: 1, max: 3 }),
  // memberships[u][o]: null = not a member.
  memberships: fc.array(fc.array(fc.option(fc.constantFrom(...ROLES), { nil: null }), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
  assessments: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }),
});

test('every user sees exactly the current organisation’s assessments; other organisations’ objects are 404; switching needs a membership', async () => {
  await fc.assert(
    fc.asyncProperty(worldArbitrary, async (world) => {
      const organizationIds: string[] = [];
      for (let o = 0; o < world.organizations; o += 1) organizationIds.push(await createOrganizationRow(t));
      // An owner per organisation creates its assessments.
      const titlesByOrganization = new Map<string, string[]>(organizationIds.map((id) => [id, []]));
      const idsByOrganization = new Map<string, string[]>(organizationIds.map((id) => [id, []]));
      for (const [index, o] of world.assessments.entries()) {
        const organizationId = organizationIds[o % world.organizations]!;
        const author = await createCaller(t, { organizationId, organizationRole: 'owner' });
        const title = `A${index}-${organizationId.slice(0, 8)}`;
        const created = await send(t, 'POST', '/api/assessments', author.cookie, { title });
        expect(created.statusCode).toBe(201);
        titlesByOrganization.get(organizationId)!.push(title);
        idsByOrganization.get(organizationId)!.push(created.json<{ id: string }>().id);
      }
      const users: Caller[] = [];
      for (let u = 0; u < world.users; u += 1) {
        const user = await createCaller(t);
        for (let o = 0; o < world.organizations; o += 1) {
          const role = world.memberships[u]![o];
          if (role) await addMembership(t, user.userId, organizationIds[o]!, role);
        }
        users.push(user);
      }
      for (const [u, user] of users.entries()) {
        for (const [o, organizationId] of organizationIds.entries()) {
          const role = world.memberships[u]![o];
          const switched = await send(t, 'POST', '/api/organizations/current', user.cookie, { organizationId });
          if (!role) {
            expect(switched.statusCode).toBe(404);
            continue;
          }
          expect(switched.statusCode).toBe(200);
          const mine = (await send(t, 'GET', '/api/organizations', user.cookie)).json<MyOrganizationsResponse>();
          expect(mine.currentOrganizationId).toBe(organizationId);
          const list = await send(t, 'GET', '/api/assessments?pageSize=100', user.cookie);
          const titles = list.json<{ items: Array<{ title: string }> }>().items.map((item) => item.title).sort();
          expect(titles).toEqual([...titlesByOrganization.get(organizationId)!].sort());
          for (const [otherId, ids] of idsByOrganization) {
            for (const id of ids) {
              const read = await send(t, 'GET', `/api/assessments/${id}`, user.cookie);
              expect(read.statusCode).toBe(otherId === organizationId ? 200 : 404);
            }
          }
          const write = await send(t, 'POST', '/api/assessments', user.cookie, { title: 'probe' });
          expect(write.statusCode).toBe(role === 'viewer' ? 403 : 201);
          if (write.statusCode === 201) {
            const probeId = write.json<{ id: string }>().id;
            expect((await send(t, 'DELETE', `/api/assessments/${probeId}`, user.cookie)).statusCode).toBe(204);
          }
        }
      }
    }),
    { numRuns: 8 },
  );
}, 600_000);
