import { eq } from 'drizzle-orm';
import type { Assessment } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { sessions } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createSession, hashToken } from '../../sessions/session-store.ts';

/** Test-only helpers for the monitoring API tests (not a test file itself). */

export async function call(t: TestApp, cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie, ...(method === 'GET' ? {} : { origin: t.env.APP_URL }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A completed assessment made through the assessments API (completed at the test clock's time). */
export async function completeAssessment(t: TestApp, cookie: string, input: RiskInput, seed = 1, title?: string): Promise<Assessment> {
  const created = await call(t, cookie, 'POST', '/api/assessments', { input, ...(title ? { title } : {}) });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const completed = await call(t, cookie, 'POST', `/api/assessments/${created.json<Assessment>().id}/complete`, { seed });
  if (completed.statusCode !== 200) throw new Error(`complete failed: ${completed.body}`);
  return completed.json<Assessment>();
}

/** A new MFA-verified session for an existing user at the clock's current time (sessions expire when tests move time). */
export async function freshCookie(t: TestApp, userId: string): Promise<string> {
  const now = t.clock.now();
  const token = await createSession(t.app.db, userId, now);
  await t.app.db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, hashToken(token)));
  return `${t.app.sessionCookieName}=${token}`;
}
