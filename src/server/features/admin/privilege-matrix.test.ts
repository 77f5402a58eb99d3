import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Role } from '../../sessions/auth-context.ts';
import { createSignedInUser, createUser, post } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The account actions of docs/privilege-matrix.md, every acting role × every target role: an
 * admin acts on plain users only; acting on an admin or a super admin, and changing any role, is
 * for a super admin (ADR 144, 190). Every cell runs on a fresh target. The route × caller ×
 * organisation part of the matrix is src/server/test/route-matrix.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ACTIONS: Record<string, { body: Record<string, unknown> }> = {
  disable: { body: {} },
  enable: { body: {} },
  'reset-mfa': { body: {} },
  'revoke-sessions': { body: {} },
  unlock: { body: {} },
  partner: { body: { partner: true } },
  role: { body: { role: 'user' } },
};
const ACTORS = ['user', 'admin', 'super_admin'] as const satisfies readonly Role[];
const TARGETS = ['user', 'admin', 'super_admin'] as const satisfies readonly Role[];

function allowed(actor: Role, target: Role, action: string): boolean {
  if (actor === 'user') return false;
  if (actor === 'super_admin') return true;
  return target === 'user' && action !== 'role';
}

test('AC-02 every account action × acting role × target role answers as the privilege matrix says', async () => {
  const actors = Object.fromEntries(await Promise.all(ACTORS.map(async (role) => [role, await createSignedInUser(t, { role })] as const)));
  const cells: string[] = [];
  for (const actor of ACTORS) {
    for (const target of TARGETS) {
      for (const [action, { body }] of Object.entries(ACTIONS)) {
        const victim = await createUser(t, { role: target });
        const response = await post(t, `/api/admin/users/${victim.userId}/${action}`, body, { cookie: actors[actor]!.cookie });
        const ok = ![401, 403].includes(response.statusCode);
        if (ok !== allowed(actor, target, action)) cells.push(`${actor} ${action} ${target} → ${response.statusCode} ${response.body.slice(0, 100)}`);
        // Allowed means past the privilege check: the action may still answer a state conflict (enable an active account).
        expect(response.statusCode, `${actor} ${action} ${target}: ${response.body}`).toBeLessThan(500);
      }
    }
  }
  expect(cells).toEqual([]);
});
