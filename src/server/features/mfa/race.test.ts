import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { consumeBackupCode } from '../../sessions/two-factor-state.ts';
import { claimTotpStep, listUnusedBackupCodes } from './mfa-store.ts';
import { createEnrolledUser, post, sessionCookie, startPasswordOnlySession, totpAt } from '../../test/helpers.ts';
import { getTimeStep } from './totp.ts';

// Race conditions need real PostgreSQL: PGlite runs one query at a time and would pass falsely.
const onPostgres = test.runIf(process.env.DATABASE_URL);

let t: TestApp;

/** At most 10 sessions live per user (SES-13), so 20 submissions come from 10 sessions, two each. */
async function twentySubmitters(userId: string): Promise<string[]> {
  const cookies: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    // Distinct creation times, so the oldest (the enrolment session) is the one evicted.
    t.clock.advance(1);
    cookies.push(await startPasswordOnlySession(t, userId));
  }
  return [...cookies, ...cookies];
}
beforeAll(async () => {
  if (process.env.DATABASE_URL) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

onPostgres('TOTP-04 [PG] 20 parallel submissions of one TOTP code give exactly one success', async () => {
  const user = await createEnrolledUser(t);
  const cookies = await twentySubmitters(user.userId);
  const code = totpAt(user.secret, t.clock.now());
  const responses = await Promise.all(cookies.map((cookie) => post(t, '/api/mfa/verify', { code, type: 'totp' }, { cookie })));
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.every((status) => status === 200 || status === 401 || status === 429)).toBe(true);
  expect(responses.filter((response) => sessionCookie(t, response) !== null)).toHaveLength(1);
});

onPostgres('TOTP-04 [PG] 20 parallel claims of one step succeed exactly once', async () => {
  const user = await createEnrolledUser(t);
  const step = getTimeStep(t.clock.now()) + 1;
  const results = await Promise.all(Array.from({ length: 20 }, () => claimTotpStep(t.app.db, user.userId, step, t.clock.now())));
  expect(results.filter(Boolean)).toHaveLength(1);
});

onPostgres('BC-03 [PG] 20 parallel submissions of one backup code give exactly one success', async () => {
  const user = await createEnrolledUser(t);
  const cookies = await twentySubmitters(user.userId);
  const code = user.backupCodes[0]!;
  const responses = await Promise.all(cookies.map((cookie) => post(t, '/api/mfa/verify', { code, type: 'backup' }, { cookie })));
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.every((status) => status === 200 || status === 401 || status === 429)).toBe(true);
});

onPostgres('BC-03 [PG] 20 parallel consumptions of one backup code row succeed exactly once', async () => {
  const user = await createEnrolledUser(t);
  const [row] = await listUnusedBackupCodes(t.app.db, user.userId);
  const results = await Promise.all(Array.from({ length: 20 }, () => consumeBackupCode(t.app.db, row!.id, t.clock.now())));
  expect(results.filter(Boolean)).toHaveLength(1);
});

onPostgres('TOTP-06 [PG] a parallel burst of 20 wrong codes is held to the 5-attempt budget', async () => {
  const user = await createEnrolledUser(t);
  const cookies = await twentySubmitters(user.userId);
  const responses = await Promise.all(cookies.map((cookie) => post(t, '/api/mfa/verify', { code: 'AAAA0000', type: 'backup' }, { cookie })));
  const statuses = responses.map((response) => response.statusCode);
  expect(responses.filter((response) => response.statusCode === 401 && /^Invalid verification code/.test(response.json().message))).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(15);
});
