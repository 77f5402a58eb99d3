import { beforeEach, expect, test } from 'vitest';
import { clearOfflineSession, isOfflineMfaVerified, OFFLINE_SESSION_KEY, readOfflineSession, rememberCurrentUser, rememberMfaVerified } from './offline-session.ts';
import { registerSignOutCleanup, runSignOutCleanups } from './sign-out-cleanup.ts';

const ALICE = { id: 'u-1', email: 'alice@example.com', firstName: 'Alice', lastName: 'Smith', role: 'user' as const };
const BOB = { ...ALICE, id: 'u-2', email: 'bob@example.com' };

beforeEach(() => window.localStorage.clear());

test('the MFA mark belongs to one user: a different user starts unverified', () => {
  rememberCurrentUser(ALICE);
  rememberMfaVerified(ALICE.id, true);
  expect(isOfflineMfaVerified(ALICE.id)).toBe(true);
  expect(isOfflineMfaVerified(BOB.id)).toBe(false);
  rememberCurrentUser(ALICE);
  expect(isOfflineMfaVerified(ALICE.id)).toBe(true);
  rememberCurrentUser(BOB);
  expect(isOfflineMfaVerified(BOB.id)).toBe(false);
  expect(isOfflineMfaVerified(ALICE.id)).toBe(false);
  // A mark for someone else than the stored user is ignored.
  rememberMfaVerified(ALICE.id, true);
  expect(isOfflineMfaVerified(ALICE.id)).toBe(false);
});

test('only what the header shows is stored, nothing else from the user', () => {
  rememberCurrentUser({ ...ALICE, organizationId: 'org-1', secret: 'x' } as typeof ALICE);
  expect(JSON.parse(window.localStorage.getItem(OFFLINE_SESSION_KEY) ?? '{}')).toEqual({ user: ALICE, mfaVerified: false });
});

test('unreadable stored data reads as no session', () => {
  window.localStorage.setItem(OFFLINE_SESSION_KEY, '{not json');
  expect(readOfflineSession()).toBeNull();
  window.localStorage.setItem(OFFLINE_SESSION_KEY, JSON.stringify({ user: { email: 'x' }, mfaVerified: true }));
  expect(readOfflineSession()).toBeNull();
});

test('logout cleanups clear the marker and run every registered cleanup, even when one fails', async () => {
  rememberCurrentUser(ALICE);
  const ran: string[] = [];
  const unregisterFailing = registerSignOutCleanup(() => {
    throw new Error('boom');
  });
  const unregister = registerSignOutCleanup(async () => {
    ran.push('queue');
  });
  const errors: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  await runSignOutCleanups();
  console.error = original;
  expect(readOfflineSession()).toBeNull();
  expect(ran).toEqual(['queue']);
  expect(errors).toHaveLength(1);
  unregister();
  unregisterFailing();
  clearOfflineSession();
});
