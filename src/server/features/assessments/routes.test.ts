import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Assessment, AssessmentPage } from '@/contracts/assessments.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { assessments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SERVER_ASSESS_OPTIONS } from './run-assessment.ts';
import { createMemberOf, createUserInNewOrganization, type SessionUser } from '../../test/organization-members.ts';

let t: TestApp;
let alice: SessionUser;
let aliceColleague: SessionUser;
let mallory: SessionUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserInNewOrganization(t);
  aliceColleague = await createMemberOf(t, alice.organizationId);
  mallory = await createUserInNewOrganization(t);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(user: SessionUser | null, method: Method, url: string, payload?: unknown) {
  const headers: Record<string, string> = { origin: t.env.APP_URL };
  if (user) headers.cookie = user.cookie;
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createDraft(user: SessionUser, body: unknown = {}): Promise<Assessment> {
  const response = await call(user, 'POST', '/api/assessments', body);
  expect(response.statusCode).toBe(201);
  return response.json<Assessment>();
}

const HEALTHCARE_150 = {
  ...SAMPLE_CLINIC_INPUT,
  organisation: { ...SAMPLE_CLINIC_INPUT.organisation, name: 'Acme Health', employees: 150 },
};

describe('create, read, update', () => {
  test('POST creates a draft owned by the organisation, at the first step, with a default title', async () => {
    const created = await createDraft(alice);
    expect(created).toMatchObject({ status: 'draft', currentStep: 'profile', result: null, summary: null, engineVersion: null, input: {} });
    expect(created.title).toMatch(/^Risk assessment \d{4}-\d{2}-\d{2}$/);
    expect(created.author).toEqual({ id: alice.userId, name: 'Test User' });
  });

  test('PATCH saves a partial input, title and step of a draft', async () => {
    const created = await createDraft(alice, { title: 'Partial' });
    const response = await call(alice, 'PATCH', `/api/assessments/${created.id}`, {
      title: 'Partial, renamed',
      currentStep: 'protection',
      input: { organisation: { industry: 'healthcare', employees: 150 }, factors: { M1: 'best' } },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Assessment>();
    expect(updated).toMatchObject({ title: 'Partial, renamed', currentStep: 'protection', input: { organisation: { industry: 'healthcare', employees: 150 }, factors: { M1: 'best' } } });
    const read = await call(alice, 'GET', `/api/assessments/${created.id}`);
    expect(read.json<Assessment>()).toEqual(updated);
  });

  test('bad input gets a 400 naming every bad field', async () => {
    const created = await createDraft(alice);
    const response = await call(alice, 'PATCH', `/api/assessments/${created.id}`, {
      currentStep: 'nowhere',
      input: { organisation: { employees: -3, industry: 'mining' }, factors: { M1: 'always', Z9: 'best' } },
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json<{ issues: { path: string }[] }>().issues ?? []).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['currentStep', 'input.organisation.employees', 'input.organisation.industry', 'input.factors.M1', 'input.factors']));
    const createBad = await call(alice, 'POST', '/api/assessments', { title: '', extra: 1 });
    expect(createBad.statusCode).toBe(400);
  });

  test('list is paginated, newest first, and carries summaries rather than whole results', async () => {
    const fresh = await createUserInNewOrganization(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createDraft(fresh, { title: `A${i}` })).id);
      t.clock.advance(1000);
    }
    const page1 = (await call(fresh, 'GET', '/api/assessments?page=1&pageSize=2')).json<AssessmentPage>();
    const page3 = (await call(fresh, 'GET', '/api/assessments?page=3&pageSize=2')).json<AssessmentPage>();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(page1.items.map((i) => i.title)).toEqual(['A4', 'A3']);
    expect(page3.items.map((i) => i.title)).toEqual(['A0']);
    expect(page1.items[0]).not.toHaveProperty('result');
    expect(page1.items[0]).not.toHaveProperty('input');
    expect((await call(fresh, 'GET', '/api/assessments?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('completion', () => {
  test('complete re-runs the engine on the server: the stored result equals assessRisk(input, { seed, ...SERVER_ASSESS_OPTIONS })', async () => {
    const created = await createDraft(alice, { title: 'Clinic', input: HEALTHCARE_150 });
    const response = await call(alice, 'POST', `/api/assessments/${created.id}/complete`, { seed: 42 });
    expect(response.statusCode).toBe(200);
    const completed = response.json<Assessment>();
    const expected = assessRisk(HEALTHCARE_150, { seed: 42, ...SERVER_ASSESS_OPTIONS });
    expect(completed.result).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(completed).toMatchObject({ status: 'completed', seed: 42, engineVersion: expected.engineVersion, currentStep: null });
    expect(completed.result?.recommendations?.length).toBeGreaterThan(0);
    expect(completed.result?.attribution).not.toBeNull();
    expect(completed.summary).toEqual({
      aleUsd: expected.annualLoss.expectedUsd,
      score: expected.riskScore.score,
      band: expected.riskScore.band,
      bandLabel: expected.riskScore.bandLabel,
      probabilityOfAnyEvent: expected.probabilityOfAnyEvent,
    });
    const listed = (await call(alice, 'GET', '/api/assessments?pageSize=100')).json<AssessmentPage>();
    expect(listed.items.find((i) => i.id === created.id)?.summary?.aleUsd).toBe(expected.annualLoss.expectedUsd);
  });

  test('GET /api/assessments/:id of the sample clinic lists MFA in requiredControls (HIPAA, the insurer), never in recommendationsNotWorthIt, also for a result stored before that list (ADR 312)', async () => {
    const created = await createDraft(alice, { title: 'Sample clinic', input: SAMPLE_CLINIC_INPUT });
    expect((await call(alice, 'POST', `/api/assessments/${created.id}/complete`, { seed: 3 })).statusCode).toBe(200);
    const read = async () => (await call(alice, 'GET', `/api/assessments/${created.id}`)).json<Assessment>().result;
    const fresh = await read();
    const mfa = fresh?.requiredControls?.find((r) => r.factorId === 'M3');
    expect(mfa?.required.map((r) => r.framework ?? r.source)).toEqual(expect.arrayContaining(['hipaa', 'insurance']));
    expect(fresh?.recommendationsNotWorthIt?.map((r) => r.factorId)).not.toContain('M3');
    expect(fresh?.recommendationsNotWorthIt?.filter((r) => r.required.length > 0)).toEqual([]);
    // The same result as an older engine stored it: required controls inside "not worth it", no list of their own.
    const requiredOnly = (fresh?.requiredControls ?? []).filter((r) => r.returnOnSecurityInvestment < 0);
    const { requiredControls: _dropped, ...rest } = fresh ?? {};
    const notWorthIt = [...(fresh?.recommendationsNotWorthIt ?? []), ...requiredOnly]
      .sort((a, b) => b.reductionPerDollar - a.reductionPerDollar || a.factorId.localeCompare(b.factorId))
      .map((r, i) => ({ ...r, rank: i + 1 }));
    await t.database.db
      .update(assessments)
      .set({ result: { ...rest, recommendationsNotWorthIt: notWorthIt } })
      .where(eq(assessments.id, created.id));
    const stored = (await t.database.db.select({ result: assessments.result }).from(assessments).where(eq(assessments.id, created.id)))[0]?.result as Assessment['result'];
    expect(stored?.recommendationsNotWorthIt?.map((r) => r.factorId)).toContain('M3');
    expect(await read()).toEqual(fresh);
  });

  test('without a seed the engine default (1) is used and stored', async () => {
    const created = await createDraft(alice, { input: SAMPLE_CLINIC_INPUT });
    const completed = (await call(alice, 'POST', `/api/assessments/${created.id}/complete`, {})).json<Assessment>();
    expect(completed.seed).toBe(1);
    expect(completed.result?.annualLoss.expectedUsd).toBe(assessRisk(SAMPLE_CLINIC_INPUT, { seed: 1, ...SERVER_ASSESS_OPTIONS }).annualLoss.expectedUsd);
  });

  test('an incomplete draft cannot be completed: 400 with the missing fields (unanswered factors and frameworks are empty, not missing)', async () => {
    const created = await createDraft(alice, { input: { organisation: { employees: 20 } } });
    const response = await call(alice, 'POST', `/api/assessments/${created.id}/complete`, {});
    expect(response.statusCode).toBe(400);
    const paths = response.json<{ issues: { path: string }[] }>().issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['input.organisation.industry', 'input.organisation.annualRevenueUsd']));
    expect(paths).not.toContain('input.factors');
  });

  test('a completed assessment is read-only: PATCH and a second complete answer 409', async () => {
    const created = await createDraft(alice, { input: SAMPLE_CLINIC_INPUT });
    await call(alice, 'POST', `/api/assessments/${created.id}/complete`, {});
    expect((await call(alice, 'PATCH', `/api/assessments/${created.id}`, { title: 'x' })).statusCode).toBe(409);
    expect((await call(alice, 'POST', `/api/assessments/${created.id}/complete`, {})).statusCode).toBe(409);
  });

  test('duplicate makes a new draft with the same input; delete removes it', async () => {
    const created = await createDraft(alice, { title: 'FY2025', input: SAMPLE_CLINIC_INPUT });
    await call(alice, 'POST', `/api/assessments/${created.id}/complete`, {});
    const duplicate = await call(aliceColleague, 'POST', `/api/assessments/${created.id}/duplicate`);
    expect(duplicate.statusCode).toBe(201);
    const copy = duplicate.json<Assessment>();
    expect(copy).toMatchObject({ title: 'FY2025 (copy)', status: 'draft', result: null, currentStep: 'profile', author: { id: aliceColleague.userId } });
    expect(copy.input).toEqual(JSON.parse(JSON.stringify(SAMPLE_CLINIC_INPUT)));
    expect((await call(alice, 'DELETE', `/api/assessments/${copy.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/assessments/${copy.id}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/api/assessments/${copy.id}`)).statusCode).toBe(404);
  });

  test('a what-if scenario is saved as a new completed assessment computed by the server', async () => {
    const created = await createDraft(alice, { input: SAMPLE_CLINIC_INPUT });
    await call(alice, 'POST', `/api/assessments/${created.id}/complete`, { seed: 7 });
    const whatIf = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' as const } };
    const response = await call(alice, 'POST', `/api/assessments/${created.id}/scenarios`, { title: 'With tested IR plan', input: whatIf });
    expect(response.statusCode).toBe(201);
    const scenario = response.json<Assessment>();
    expect(scenario).toMatchObject({ status: 'completed', seed: 7, title: 'With tested IR plan' });
    expect(scenario.result).toEqual(JSON.parse(JSON.stringify(assessRisk(whatIf, { seed: 7, ...SERVER_ASSESS_OPTIONS }))));
    expect(scenario.result!.annualLoss.expectedUsd).toBeLessThan(assessRisk(SAMPLE_CLINIC_INPUT, { seed: 7, ...SERVER_ASSESS_OPTIONS }).annualLoss.expectedUsd);
    const bad = await call(alice, 'POST', `/api/assessments/${created.id}/scenarios`, { title: 'x', input: { factors: {} } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access', () => {
  test('every assessment route requires an MFA-verified user', async () => {
    const routes = t.app.registeredApiRoutes.filter((r) => r.url.startsWith('/api/assessments'));
    // CRUD, rename (ADR 217), complete, scenarios, export, refine and invite, the model comparison (ADR 105), the report files (reports
    // feature), and the import of one assessment or a partner's many (ADR 231).
    expect(routes.length).toBe(19);
    for (const route of routes) expect(route.access).toBe('user');
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of routes) {
      const response = await call(null, route.method as Method, route.url.replace(':id', id), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  test('ids that are not UUIDs answer 404, not 500', async () => {
    for (const id of ['1', 'abc', "x' or 1=1 --", '00000000-0000-0000-0000-00000000000g']) {
      const url = `/api/assessments/${encodeURIComponent(id)}`;
      expect((await call(alice, 'GET', url)).statusCode).toBe(404);
      expect((await call(alice, 'PATCH', url, { title: 'x' })).statusCode).toBe(404);
      expect((await call(alice, 'DELETE', url)).statusCode).toBe(404);
      expect((await call(alice, 'POST', `${url}/complete`, {})).statusCode).toBe(404);
      expect((await call(alice, 'POST', `${url}/duplicate`)).statusCode).toBe(404);
    }
  });

  test('members of the organisation see its assessments; anyone else gets 404 and cannot read, change or delete them (property)', async () => {
    const third = await createUserInNewOrganization(t);
    const users = [alice, aliceColleague, mallory, third];
    const draftInput = fc.record(
      {
        organisation: fc.record({ employees: fc.integer({ min: 1, max: 100_000 }), industry: fc.constantFrom('healthcare', 'manufacturing', 'retail') }, { requiredKeys: [] }),
        factors: fc.record({ M1: fc.constantFrom('best', 'partial', 'worst'), M2: fc.constantFrom('best', 'partial', 'worst') }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: users.length - 1 }),
        fc.integer({ min: 0, max: users.length - 1 }),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
        draftInput,
        async (ownerIndex, otherIndex, title, input) => {
          const owner = users[ownerIndex]!;
          const other = users[otherIndex]!;
          const created = await createDraft(owner, { title, input });
          const sameOrg = owner.organizationId === other.organizationId;
          const read = await call(other, 'GET', `/api/assessments/${created.id}`);
          const listed = (await call(other, 'GET', '/api/assessments?pageSize=100')).json<AssessmentPage>().items.some((i) => i.id === created.id);
          expect(listed).toBe(sameOrg);
          if (sameOrg) {
            expect(read.statusCode).toBe(200);
            expect((await call(other, 'PATCH', `/api/assessments/${created.id}`, { title: 'changed' })).statusCode).toBe(200);
          } else {
            expect(read.statusCode).toBe(404);
            expect(read.json()).toEqual({ code: 'not_found', message: 'Assessment not found' });
            expect((await call(other, 'PATCH', `/api/assessments/${created.id}`, { title: 'changed' })).statusCode).toBe(404);
            expect((await call(other, 'POST', `/api/assessments/${created.id}/complete`, {})).statusCode).toBe(404);
            expect((await call(other, 'POST', `/api/assessments/${created.id}/duplicate`)).statusCode).toBe(404);
            expect((await call(other, 'POST', `/api/assessments/${created.id}/scenarios`, { title: 'x', input: SAMPLE_CLINIC_INPUT })).statusCode).toBe(404);
            expect((await call(other, 'DELETE', `/api/assessments/${created.id}`)).statusCode).toBe(404);
            const after = (await call(owner, 'GET', `/api/assessments/${created.id}`)).json<Assessment>();
            expect(after.title).toBe(title.trim());
          }
          expect((await call(owner, 'DELETE', `/api/assessments/${created.id}`)).statusCode).toBe(204);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('PATCH precondition for offline sync (ADR 162)', () => {
  test('a PATCH carrying the updatedAt it last saw saves when nothing changed meanwhile', async () => {
    const created = await createDraft(alice);
    t.clock.advance(1000);
    const response = await call(alice, 'PATCH', `/api/assessments/${created.id}`, { input: { factors: { M1: 'best' } }, expectedUpdatedAt: created.updatedAt });
    expect(response.statusCode).toBe(200);
    expect(response.json<Assessment>().input).toEqual({ factors: { M1: 'best' } });
    expect(response.json<Assessment>().updatedAt).not.toBe(created.updatedAt);
  });

  test('a PATCH whose draft changed since the updatedAt it carries gets 409 and changes nothing', async () => {
    const created = await createDraft(alice);
    t.clock.advance(1000);
    const elsewhere = await call(aliceColleague, 'PATCH', `/api/assessments/${created.id}`, { input: { factors: { M1: 'worst' } } });
    expect(elsewhere.statusCode).toBe(200);
    t.clock.advance(1000);
    const stale = await call(alice, 'PATCH', `/api/assessments/${created.id}`, { input: { factors: { M1: 'best' } }, expectedUpdatedAt: created.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe('This draft was changed elsewhere since you last saw it.');
    const stored = (await call(alice, 'GET', `/api/assessments/${created.id}`)).json<Assessment>();
    expect(stored.input).toEqual({ factors: { M1: 'worst' } });
    expect(stored.updatedAt).toBe(elsewhere.json<Assessment>().updatedAt);
  });

  test('ADR 304: a draft started offline keeps its id, and the same id sent again by its author answers that draft', async () => {
    const id = crypto.randomUUID();
    const first = await createDraft(alice, { id, path: 'business', input: { factors: {} } });
    expect(first).toMatchObject({ id, path: 'business', status: 'draft' });
    const again = await call(alice, 'POST', '/api/assessments', { id, path: 'business', input: { factors: {} } });
    expect(again.statusCode).toBe(200);
    expect(again.json<Assessment>()).toMatchObject({ id, updatedAt: first.updatedAt });
    const list = (await call(alice, 'GET', '/api/assessments?page=1&pageSize=100')).json<AssessmentPage>();
    expect(list.items.filter((item) => item.id === id)).toHaveLength(1);
  });

  test("ADR 304: an id taken by a colleague's or another organisation's assessment is a 409 that reveals nothing", async () => {
    const colleagues = await createDraft(aliceColleague, { id: crypto.randomUUID() });
    const others = await createDraft(mallory, { id: crypto.randomUUID() });
    for (const taken of [colleagues, others]) {
      const response = await call(alice, 'POST', '/api/assessments', { id: taken.id, title: 'Mine' });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe('This assessment id is already taken: start the assessment again.');
    }
    const stored = (await call(mallory, 'GET', `/api/assessments/${others.id}`)).json<Assessment>();
    expect(stored.title).toBe(others.title);
    expect((await call(alice, 'POST', '/api/assessments', { id: 'not-a-uuid' })).statusCode).toBe(400);
  });

  test('a malformed expectedUpdatedAt is a 400 with its field path', async () => {
    const created = await createDraft(alice);
    const response = await call(alice, 'PATCH', `/api/assessments/${created.id}`, { expectedUpdatedAt: 'yesterday' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('expectedUpdatedAt');
  });
});
