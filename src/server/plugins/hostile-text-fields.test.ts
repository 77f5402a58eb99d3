import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INVALID_TEXT_MESSAGE } from '@/contracts/text.ts';
import { auditLog } from '../db/schema.ts';
import { createVerifiedUserSession, post, STRONG_PASSWORD } from '../test/helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTextFieldContext, hostileVariants, sendTextFieldRequest, textFieldTemplates, type TextFieldTemplate } from '../test/text-field-requests.ts';

/**
 * Every text field of every route (ADR 170): NUL or a lone
 * surrogate anywhere a route takes text answers 400 naming the field, on PGlite and (with
 * DATABASE_URL) PostgreSQL, never 5xx. The requests come from test/text-field-requests.ts.
 */

let t: TestApp;
let templates: TextFieldTemplate[];
beforeAll(async () => {
  t = await createTestApp({ API_IP_LIMIT_PER_MINUTE: '0' });
  const superAdmin = await createVerifiedUserSession(t, { role: 'super_admin' });
  templates = textFieldTemplates(await createTextFieldContext(t, superAdmin.cookie));
}, 120_000);
afterAll(async () => {
  await t.close();
});

test('VAL each request of the catalogue is valid as sent (its answer is not a field error), so the hostile ones differ in one field only', async () => {
  const wrong: string[] = [];
  for (const template of templates) {
    const response = await sendTextFieldRequest(t, template);
    const issues = response.statusCode === 400 ? (response.json<{ issues?: Array<{ message: string }> }>().issues ?? []).filter((issue) => issue.message !== template.validRefusal) : [];
    if (response.statusCode >= 500 || issues.length > 0) wrong.push(`${template.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  expect(wrong).toEqual([]);
  expect(templates.length).toBeGreaterThan(25);
}, 120_000);

test('VAL NUL or a lone surrogate in any text field of any route answers 400 naming the field, never 5xx', async () => {
  const variants = hostileVariants(templates);
  expect(variants.length).toBeGreaterThan(150);
  const wrong: string[] = [];
  for (const variant of variants) {
    const response = await sendTextFieldRequest(t, variant.template, variant);
    await t.app.backgroundTasks.idle();
    if (response.statusCode >= 500) {
      wrong.push(`${variant.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      continue;
    }
    if (!variant.reachesSchema) continue;
    const answer = response.json<{ code?: string; issues?: Array<{ path: string; message: string }> }>();
    const named = (answer.issues ?? []).filter((issue) => issue.path === variant.field);
    const isChoice = variant.template.choices?.includes(variant.field) ?? false;
    const ok = response.statusCode === 400 && answer.code === 'bad_request' && named.length > 0 && (isChoice || named.some((issue) => issue.message === INVALID_TEXT_MESSAGE));
    if (!ok) wrong.push(`${variant.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  expect(wrong).toEqual([]);
}, 300_000);

test('VAL a log-in with a lone surrogate in the address is refused as input, like any malformed log-in: 400, no login.failure row; a well-formed wrong log-in is audited (ADR 180)', async () => {
  const malformed = await post(t, '/api/auth/login', { email: 'ada\uD800@example.com', password: STRONG_PASSWORD }, { ip: '10.72.0.1' });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json<{ issues: unknown[] }>().issues).toContainEqual({ path: 'email', message: INVALID_TEXT_MESSAGE });
  expect(await t.app.db.select().from(auditLog).where(eq(auditLog.ip, '10.72.0.1'))).toEqual([]);
  const wrong = await post(t, '/api/auth/login', { email: 'ada@example.com', password: STRONG_PASSWORD }, { ip: '10.72.0.2' });
  expect(wrong.statusCode).toBe(401);
  expect((await t.app.db.select().from(auditLog).where(eq(auditLog.ip, '10.72.0.2'))).map((row) => row.action)).toEqual(['login.failure']);
});
