import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Assessment, AssessmentPage } from '@/contracts/assessments.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { assessments } from '../../db/schema.ts';
import { createMemberOf, createUserInNewOrganization, type SessionUser } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

/** ADR 217: an assessment is titled after the organisation assessed, and can be renamed. */

const t = useSharedTestApp();
let alice: SessionUser;
let aliceColleague: SessionUser;
let mallory: SessionUser;

beforeAll(async () => {
  alice = await createUserInNewOrganization(t);
  aliceColleague = await createMemberOf(t, alice.organizationId);
  mallory = await createUserInNewOrganization(t);
}, BUILDS_AN_APP.timeout);

function call(user: SessionUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const headers = { origin: t.env.APP_URL, cookie: user.cookie };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function created(user: SessionUser, body: unknown = {}): Promise<Assessment> {
  const response = await call(user, 'POST', '/api/assessments', body);
  expect(response.statusCode).toBe(201);
  return response.json<Assessment>();
}

const today = () => t.app.now().toISOString().slice(0, 10);
const clinicNamed = (name: string) => ({ ...SAMPLE_CLINIC_INPUT, organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name } });
const rename = (user: SessionUser, id: string, title: unknown) => call(user, 'POST', `/api/assessments/${id}/rename`, { title });

describe('the title names the assessed organisation', () => {
  test('created with the organisation name of step 1, the title is that name and the day', async () => {
    const assessment = await created(alice, { input: { organisation: { name: '  Riverside Family Clinic ' } } });
    expect(assessment.title).toBe(`Riverside Family Clinic — ${today()}`);
  });

  test('an unnamed draft takes the name when step 1 is saved, and follows it when it changes', async () => {
    const draft = await created(alice);
    expect(draft.title).toBe(`Risk assessment ${today()}`);
    const named = await call(alice, 'PATCH', `/api/assessments/${draft.id}`, { input: { organisation: { name: 'Harbour Credit Union' } } });
    expect(named.json<Assessment>().title).toBe(`Harbour Credit Union — ${today()}`);
    const corrected = await call(alice, 'PATCH', `/api/assessments/${draft.id}`, {
      input: { organisation: { name: 'Harbor Credit Union' } },
    });
    expect(corrected.json<Assessment>().title).toBe(`Harbor Credit Union — ${today()}`);
  });

  test('the organisation named only in the answers sent with completion titles the completed assessment', async () => {
    const draft = await created(alice);
    const done = await call(alice, 'POST', `/api/assessments/${draft.id}/complete`, { input: clinicNamed('Northside Dental'), seed: 3 });
    expect(done.statusCode).toBe(200);
    expect(done.json<Assessment>()).toMatchObject({ status: 'completed', title: `Northside Dental — ${today()}` });
  });

  test('a draft still titled "Risk assessment <day>" though its answers name the organisation (saved before ADR 217) takes the name at completion', async () => {
    const draft = await created(alice);
    // As such drafts were stored: the name in the answers, the title left at the unnamed default.
    await t.app.db
      .update(assessments)
      .set({ input: clinicNamed('Eastside Pharmacy') })
      .where(eq(assessments.id, draft.id));
    const done = await call(alice, 'POST', `/api/assessments/${draft.id}/complete`, {});
    expect(done.json<Assessment>().title).toBe(`Eastside Pharmacy — ${today()}`);
  });

  test('a title the user chose is never overwritten by a change of the organisation name', async () => {
    const draft = await created(alice, { title: 'Board pack Q3', input: { organisation: { name: 'Acme' } } });
    const patched = await call(alice, 'PATCH', `/api/assessments/${draft.id}`, { input: { organisation: { name: 'Acme Holdings' } } });
    expect(patched.json<Assessment>().title).toBe('Board pack Q3');
    const renamed = await rename(alice, draft.id, 'FY2026 review');
    const completed = await call(alice, 'POST', `/api/assessments/${draft.id}/complete`, { input: clinicNamed('Acme Group') });
    expect(renamed.json<Assessment>().title).toBe('FY2026 review');
    expect(completed.json<Assessment>().title).toBe('FY2026 review');
  });
});

describe('duplicates (re-assessments)', () => {
  test('a re-assessment duplicated on a later day is titled after the organisation and its own day; the same day, or a named one, gets "(copy)"', async () => {
    const source = await created(alice, { input: clinicNamed('Riverside Family Clinic') });
    const sameDay = await call(alice, 'POST', `/api/assessments/${source.id}/duplicate`);
    expect(sameDay.json<Assessment>().title).toBe(`${source.title} (copy)`);
    // Last year's assessment, as it would have been stored then.
    await t.app.db
      .update(assessments)
      .set({ createdAt: new Date('2025-11-20T10:00:00Z'), title: 'Riverside Family Clinic — 2025-11-20' })
      .where(eq(assessments.id, source.id));
    const nextYear = await call(alice, 'POST', `/api/assessments/${source.id}/duplicate`);
    expect(nextYear.json<Assessment>().title).toBe(`Riverside Family Clinic — ${today()}`);
    const named = await created(alice, { title: 'FY2025 board pack', input: clinicNamed('Riverside Family Clinic') });
    await t.app.db
      .update(assessments)
      .set({ createdAt: new Date('2025-11-20T10:00:00Z') })
      .where(eq(assessments.id, named.id));
    expect((await call(alice, 'POST', `/api/assessments/${named.id}/duplicate`)).json<Assessment>().title).toBe('FY2025 board pack (copy)');
  });
});

describe('POST /api/assessments/:id/rename', () => {
  test('renames a completed assessment, trimmed, and the list shows the new title', async () => {
    const draft = await created(alice, { input: clinicNamed('Riverside Family Clinic') });
    await call(alice, 'POST', `/api/assessments/${draft.id}/complete`, {});
    t.clock.advance(1000);
    const response = await rename(alice, draft.id, '  Riverside after the MFA roll-out  ');
    expect(response.statusCode).toBe(200);
    const renamed = response.json<Assessment>();
    expect(renamed).toMatchObject({ id: draft.id, status: 'completed', title: 'Riverside after the MFA roll-out' });
    // The what-changed cache keys on updatedAt and carries titles (ADR 125): a rename must move it.
    expect(renamed.updatedAt).not.toBe(draft.updatedAt);
    const listed = (await call(aliceColleague, 'GET', '/api/assessments?pageSize=100')).json<AssessmentPage>();
    expect(listed.items.find((item) => item.id === draft.id)?.title).toBe('Riverside after the MFA roll-out');
  });

  test('a member of the same organisation may rename; anyone else gets the one 404 and the title stays', async () => {
    const draft = await created(alice, { input: { organisation: { name: 'Acme' } } });
    expect((await rename(aliceColleague, draft.id, 'Renamed by a colleague')).statusCode).toBe(200);
    const refused = await rename(mallory, draft.id, 'Hijacked');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'not_found', message: 'Assessment not found' });
    expect((await call(alice, 'GET', `/api/assessments/${draft.id}`)).json<Assessment>().title).toBe('Renamed by a colleague');
  });

  test('an unknown or malformed id is a 404 before the body is read', async () => {
    expect((await rename(alice, '00000000-0000-4000-8000-000000000000', '')).statusCode).toBe(404);
    expect((await rename(alice, 'not-a-uuid', 'x')).statusCode).toBe(404);
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(201)],
    ['not text', 42],
  ])('a %s title is a 400 naming the field, and the title stays', async (_case, title) => {
    const draft = await created(alice, { title: 'Kept' });
    const response = await rename(alice, draft.id, title);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; issues: { path: string }[] }>()).toMatchObject({
      code: 'bad_request',
      issues: [expect.objectContaining({ path: 'title' })],
    });
    expect((await call(alice, 'GET', `/api/assessments/${draft.id}`)).json<Assessment>().title).toBe('Kept');
  });

  test('unknown keys are refused and 200 characters are accepted', async () => {
    const draft = await created(alice);
    expect((await call(alice, 'POST', `/api/assessments/${draft.id}/rename`, { title: 'x', status: 'completed' })).statusCode).toBe(400);
    const longest = 'y'.repeat(200);
    expect((await rename(alice, draft.id, longest)).json<Assessment>().title).toBe(longest);
  });
});
