import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Assessment } from '@/contracts/assessments.ts';
import { BUSINESS_QUESTIONS, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { emailOutbox } from '../../db/schema.ts';
import { createVerifiedUserSession } from '../../test/helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { addMembership, createCaller, selectOrganization } from '../../test/organization-members.ts';
import { NOT_A_MEMBER_MESSAGE, VIEWER_MESSAGE } from './invite-colleague.ts';
import { createUserInNewOrganization, type SessionUser } from '../../test/organization-members.ts';

let t: TestApp;
let leader: SessionUser;
let securityLead: SessionUser;
let outsider: SessionUser;
const SECURITY_LEAD_EMAIL = 'security.lead@clinic.example';

beforeAll(async () => {
  t = await createTestApp();
  leader = await createUserInNewOrganization(t);
  const lead = await createVerifiedUserSession(t, { organizationId: leader.organizationId, email: SECURITY_LEAD_EMAIL, firstName: 'Sam', lastName: 'Lead' });
  securityLead = { cookie: lead.cookie, userId: lead.user.id, organizationId: leader.organizationId };
  outsider = await createUserInNewOrganization(t);
});
afterAll(async () => {
  await t.close();
});

function call(user: SessionUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { origin: t.env.APP_URL, cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const PROFILE = { organisation: SAMPLE_CLINIC_INPUT.organisation, frameworks: {} };
/** Every question answered with its first option, three with "I don't know". */
const ANSWERS: BusinessAnswers = {
  ...Object.fromEntries(BUSINESS_QUESTIONS.map((q) => [q.id, q.options[0]?.value])),
  phoneCode: 'unknown',
  watching: 'unknown',
  suppliers: 'unknown',
};

async function completeBusinessAssessment(): Promise<Assessment> {
  const created = await call(leader, 'POST', '/api/assessments', { path: 'business' });
  expect(created.statusCode).toBe(201);
  const id = created.json<Assessment>().id;
  const done = await call(leader, 'POST', `/api/assessments/${id}/complete`, { input: PROFILE, businessAnswers: ANSWERS });
  expect(done.statusCode).toBe(200);
  return done.json<Assessment>();
}

function rangeWidth(a: Assessment): number {
  const ale = a.result!.annualLoss.expectedUsd;
  return a.result!.unknownFactors.reduce((sum, u) => sum + (u.expectedAnnualLossIfWorstUsd - ale) + (ale - u.expectedAnnualLossIfBestUsd), 0);
}

describe('business-leader path', () => {
  test('the server maps plain answers onto the factors; "I don\'t know" stays unknown and is listed with its effect', async () => {
    const done = await completeBusinessAssessment();
    expect(done.path).toBe('business');
    expect(done.status).toBe('completed');
    expect(done.input.factors).toMatchObject({ M3: 'unknown', M6: 'unknown', M7: 'unknown', M9: 'unknown', A2: 'unknown', A1: 'unknown', M1: 'best', M10: 'notApplicable' });
    expect(done.result!.unknownFactors.map((u) => u.factorId).sort()).toEqual(['A1', 'A2', 'M3', 'M6', 'M7', 'M9']);
    expect(done.answerProvenance.M1?.[0]).toMatchObject({ answeredBy: leader.userId, path: 'business', answer: 'best' });
  });

  test('factors sent by the browser on the business path are ignored: the answers decide', async () => {
    const created = (await call(leader, 'POST', '/api/assessments', { path: 'business' })).json<Assessment>();
    const done = await call(leader, 'POST', `/api/assessments/${created.id}/complete`, { input: { ...PROFILE, factors: { M3: 'worst' } }, businessAnswers: ANSWERS });
    expect(done.json<Assessment>().input.factors?.M3).toBe('unknown');
  });

  test('an unknown question id or option is refused with a 400 naming the field', async () => {
    const created = (await call(leader, 'POST', '/api/assessments', { path: 'business' })).json<Assessment>();
    const bad = await call(leader, 'POST', `/api/assessments/${created.id}/complete`, { input: PROFILE, businessAnswers: { phoneCode: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('businessAnswers.phoneCode');
  });
});

describe('completion computes from the answers sent with it', () => {
  test('a stale stored draft (the autosave failed) does not decide the result', async () => {
    const created = (await call(leader, 'POST', '/api/assessments', { input: { ...PROFILE, factors: { M1: 'worst' } } })).json<Assessment>();
    const shown = { ...PROFILE, factors: { M1: 'best', M3: 'best' } };
    const done = (await call(leader, 'POST', `/api/assessments/${created.id}/complete`, { input: shown })).json<Assessment>();
    expect(done.input.factors).toMatchObject({ M1: 'best', M3: 'best' });
    expect(done.result!.factorAnswers.M1).toBe('best');
  });

  test('evidence notes are stored with the assessment and limited in length', async () => {
    const created = (await call(leader, 'POST', '/api/assessments', {})).json<Assessment>();
    const tooLong = await call(leader, 'PATCH', `/api/assessments/${created.id}`, { evidenceNotes: { M3: 'x'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(400);
    const done = (await call(leader, 'POST', `/api/assessments/${created.id}/complete`, { input: PROFILE, evidenceNotes: { M3: 'Conditional access policy, screenshot in the IT wiki' } })).json<Assessment>();
    expect(done.evidenceNotes).toEqual({ M3: 'Conditional access policy, screenshot in the IT wiki' });
  });
});

describe('hand this to your security lead', () => {
  test('a colleague of the same organisation gets an e-mail with a link to the assessment', async () => {
    const done = await completeBusinessAssessment();
    const response = await call(leader, 'POST', `/api/assessments/${done.id}/invite`, { email: 'Security.Lead@clinic.example', message: 'Can you fill in what I did not know?' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sentTo: SECURITY_LEAD_EMAIL, colleagueName: 'Sam Lead' });
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, SECURITY_LEAD_EMAIL));
    const mail = mails.find((m) => m.text.includes(done.id));
    expect(mail?.text).toContain(`${t.env.APP_URL}/?id=${done.id}`);
    expect(mail?.text).toContain('Can you fill in what I did not know?');
  });

  test('an address that is not a member of the organisation is refused with what to do, and nothing is sent', async () => {
    const done = await completeBusinessAssessment();
    const before = (await t.app.db.select().from(emailOutbox)).length;
    const response = await call(leader, 'POST', `/api/assessments/${done.id}/invite`, { email: 'stranger@elsewhere.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    expect((await t.app.db.select().from(emailOutbox)).length).toBe(before);
  });

  test('another organisation cannot invite on, or refine, the assessment', async () => {
    const done = await completeBusinessAssessment();
    expect((await call(outsider, 'POST', `/api/assessments/${done.id}/invite`, { email: SECURITY_LEAD_EMAIL })).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/assessments/${done.id}/refine`)).statusCode).toBe(404);
  });

  test('the security lead refines two unknown answers: provenance keeps both people and the range narrows', async () => {
    const done = await completeBusinessAssessment();
    const refined = await call(securityLead, 'POST', `/api/assessments/${done.id}/refine`);
    expect(refined.statusCode).toBe(201);
    const draft = refined.json<Assessment>();
    expect(draft).toMatchObject({ path: 'commercial', status: 'draft', sourceAssessmentId: done.id, currentStep: 'review' });
    const factors = { ...draft.input.factors, M3: 'best', A1: 'partial' };
    const completed = (await call(securityLead, 'POST', `/api/assessments/${draft.id}/complete`, { input: { ...draft.input, factors } })).json<Assessment>();
    expect(completed.answerProvenance.M3?.map((e) => [e.answeredBy, e.path, e.answer])).toEqual([
      [leader.userId, 'business', 'unknown'],
      [securityLead.userId, 'commercial', 'best'],
    ]);
    expect(completed.answerProvenance.M1?.map((e) => e.answeredBy)).toEqual([leader.userId]);
    expect(completed.result!.unknownFactors.map((u) => u.factorId).sort()).toEqual(['A2', 'M6', 'M7', 'M9']);
    expect(rangeWidth(completed)).toBeLessThan(rangeWidth(done));
  });

  test('a colleague who joined the organisation through a membership (home organisation elsewhere) gets a link that opens it there, and refines it', async () => {
    const done = await completeBusinessAssessment();
    const joined = await createCaller(t, { email: 'joined.lead@clinic.example' });
    await addMembership(t, joined.userId, leader.organizationId, 'member');
    const response = await call(leader, 'POST', `/api/assessments/${done.id}/invite`, { email: 'joined.lead@clinic.example' });
    expect(response.statusCode).toBe(202);
    const [mail] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'joined.lead@clinic.example'));
    expect(mail?.text).toContain(`${t.env.APP_URL}/?id=${done.id}&organization=${leader.organizationId}`);
    // In their home organisation the assessment does not exist for them; in the leader's it does.
    const colleague: SessionUser = { cookie: joined.cookie, userId: joined.userId, organizationId: joined.homeOrganizationId };
    expect((await call(colleague, 'GET', `/api/assessments/${done.id}`)).statusCode).toBe(404);
    expect((await call(colleague, 'POST', '/api/organizations/current', { organizationId: leader.organizationId })).statusCode).toBe(200);
    const refined = await call(colleague, 'POST', `/api/assessments/${done.id}/refine`);
    expect(refined.statusCode).toBe(201);
    const draft = refined.json<Assessment>();
    const completed = (await call(colleague, 'POST', `/api/assessments/${draft.id}/complete`, { input: { ...draft.input, factors: { ...draft.input.factors, M3: 'best' } } })).json<Assessment>();
    expect(completed.answerProvenance.M3?.map((e) => [e.answeredBy, e.path])).toEqual([
      [leader.userId, 'business'],
      [joined.userId, 'commercial'],
    ]);
  });

  test('a viewer of the organisation, or a member of another one only, is refused with what to do', async () => {
    const done = await completeBusinessAssessment();
    const viewer = await createCaller(t, { email: 'viewer.only@clinic.example' });
    await addMembership(t, viewer.userId, leader.organizationId, 'viewer');
    const asViewer = await call(leader, 'POST', `/api/assessments/${done.id}/invite`, { email: 'viewer.only@clinic.example' });
    expect(asViewer.statusCode).toBe(400);
    expect(asViewer.json().message).toBe(VIEWER_MESSAGE);
    // A member of some other organisation the leader also belongs to is not a member of this one.
    const elsewhere = await createCaller(t, { email: 'elsewhere@clinic.example' });
    await addMembership(t, leader.userId, elsewhere.homeOrganizationId, 'member');
    await selectOrganization(t, leader.cookie, leader.organizationId);
    const asStranger = await call(leader, 'POST', `/api/assessments/${done.id}/invite`, { email: 'elsewhere@clinic.example' });
    expect(asStranger.statusCode).toBe(400);
    expect(asStranger.json().message).toBe(NOT_A_MEMBER_MESSAGE);
    expect(await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'viewer.only@clinic.example'))).toEqual([]);
  });

  test('a draft cannot be refined', async () => {
    const created = (await call(leader, 'POST', '/api/assessments', { path: 'business' })).json<Assessment>();
    expect((await call(leader, 'POST', `/api/assessments/${created.id}/refine`)).statusCode).toBe(409);
  });
});
