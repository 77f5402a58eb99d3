import { describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES } from '@/contracts/api-tokens.ts';
import type { V1Assessment, V1AssessmentPage, V1OrganizationList, V1Result, V1WhatIf } from '@/contracts/public-api.ts';
import { FACTOR_IDS } from '@/engine/factors.ts';
import { call } from './helpers.ts';
import { addMembership, createCaller, createOrganizationRow } from './organization-members.ts';
import { completeThroughApi, issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';

/** The public API /api/v1 (ADR 228) as an integration uses it: tokens, scopes, roles, pages, ETags, what-if. */
describe('public API /api/v1', () => {
  const t = useSharedTestApp();

  test('the list pages newest first with an opaque cursor until nextCursor is null; a forged cursor is a 400', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const secret = await issueToken(t, owner, { scopes: ['read', 'write'] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1000);
      const created = await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: { title: `Draft ${i}` } });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json<V1Assessment>().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/assessments?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: V1AssessmentPage = (await withToken(t, secret, 'GET', url)).json<V1AssessmentPage>();
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const forged = await withToken(t, secret, 'GET', `/api/v1/assessments?cursor=${Buffer.from('not.a-cursor').toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ code: string }>().code).toBe('bad_request');
    expect((await withToken(t, secret, 'GET', '/api/v1/assessments?limit=101')).statusCode).toBe(400);
  });

  test('a read-only token reads but cannot write; a viewer’s session cannot write; another organisation’s assessment is a 404', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const writer = await issueToken(t, owner, { scopes: ['write', 'read'] });
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const draft = (await withToken(t, writer, 'POST', '/api/v1/assessments', { payload: { title: 'Scoped' } })).json<V1Assessment>();

    expect((await withToken(t, reader, 'GET', `/api/v1/assessments/${draft.id}`)).statusCode).toBe(200);
    const refused = await withToken(t, reader, 'PATCH', `/api/v1/assessments/${draft.id}`, { payload: { title: 'Changed' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(API_TOKEN_MESSAGES.readOnly);

    const viewer = await createCaller(t, { organizationId: owner.organizationId, organizationRole: 'viewer' });
    expect((await call(t, viewer.cookie, 'GET', `/api/v1/assessments/${draft.id}`)).statusCode).toBe(200);
    expect((await call(t, viewer.cookie, 'PATCH', `/api/v1/assessments/${draft.id}`, { title: 'Changed' })).statusCode).toBe(403);

    const stranger = await createCaller(t);
    const strangerToken = await issueToken(t, stranger);
    for (const url of [`/api/v1/assessments/${draft.id}`, `/api/v1/assessments/${draft.id}/result`]) {
      expect((await withToken(t, strangerToken, 'GET', url)).statusCode).toBe(404);
    }
    expect((await withToken(t, strangerToken, 'PATCH', `/api/v1/assessments/${draft.id}`, { payload: { title: 'Mine' } })).statusCode).toBe(404);
  });

  test('GET of an assessment answers 304 to its own ETag and a new ETag once it changed; a draft has no result', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const secret = await issueToken(t, owner);
    const draft = (await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: { title: 'Tagged' } })).json<V1Assessment>();
    const first = await withToken(t, secret, 'GET', `/api/v1/assessments/${draft.id}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await withToken(t, secret, 'GET', `/api/v1/assessments/${draft.id}`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    t.clock.advance(1000);
    const patched = await withToken(t, secret, 'PATCH', `/api/v1/assessments/${draft.id}`, { payload: { title: 'Renamed' } });
    expect(patched.json<V1Assessment>().title).toBe('Renamed');
    const after = await withToken(t, secret, 'GET', `/api/v1/assessments/${draft.id}`, { headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);

    const noResult = await withToken(t, secret, 'GET', `/api/v1/assessments/${draft.id}/result`);
    expect(noResult.statusCode).toBe(404);
    expect((await withToken(t, secret, 'POST', `/api/v1/assessments/${draft.id}/what-if`, { payload: { answers: { M1: 'best' } } })).statusCode).toBe(409);
  });

  test('complete, result and what-if: the result is the stored one; every control at best lowers the loss; nothing is stored', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const secret = await issueToken(t, owner);
    const done = await completeThroughApi(t, secret, 'Clinic');
    expect(done.status).toBe('completed');
    expect(done.summary?.expectedAnnualLossUsd).toBeGreaterThan(0);

    const resultResponse = await withToken(t, secret, 'GET', `/api/v1/assessments/${done.id}/result`);
    const result = resultResponse.json<V1Result>();
    expect(result.figures.expectedAnnualLossUsd).toBe(done.summary?.expectedAnnualLossUsd);
    expect(result.riskBand.id).toBe(done.summary?.riskBand.id);
    expect(result.topDrivers.length).toBeGreaterThan(0);
    expect(result.topDrivers.length).toBeLessThanOrEqual(5);
    expect(result.scenarios.reduce((sum, s) => sum + s.expectedAnnualLossUsd, 0)).toBeCloseTo(result.figures.expectedAnnualLossUsd, 0);
    expect(result.summary.split('. ').length).toBeGreaterThanOrEqual(2);
    // Required controls have their own list (ADR 272); the decision carries the pack's three priced options (ADR 270).
    const required = new Set(result.requiredControls.map((c) => c.factorId));
    for (const r of result.recommendations) expect(r.required).toBe(required.has(r.factorId));
    expect(result.decision.options.map((o) => o.letter)).toEqual(['A', 'B', 'C']);
    for (const o of result.decision.options) expect(o.line).toContain(o.cells[5] ?? '');
    const notModified = await withToken(t, secret, 'GET', `/api/v1/assessments/${done.id}/result`, { headers: { 'if-none-match': String(resultResponse.headers.etag) } });
    expect(notModified.statusCode).toBe(304);

    const allBest = Object.fromEntries(FACTOR_IDS.map((id) => [id, 'best']));
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const whatIf = await withToken(t, reader, 'POST', `/api/v1/assessments/${done.id}/what-if`, { payload: { answers: allBest } });
    expect(whatIf.statusCode, whatIf.body).toBe(200);
    const answer = whatIf.json<V1WhatIf>();
    expect(answer.after.expectedAnnualLossUsd).toBeLessThan(answer.before.expectedAnnualLossUsd);
    expect(answer.differenceUsd).toBeCloseTo(answer.after.expectedAnnualLossUsd - answer.before.expectedAnnualLossUsd, 6);
    const unchanged = await withToken(t, reader, 'POST', `/api/v1/assessments/${done.id}/what-if`, { payload: { answers: {} } });
    expect(unchanged.json<V1WhatIf>().differenceUsd).toBe(0);
    expect((await withToken(t, reader, 'POST', `/api/v1/assessments/${done.id}/what-if`, { payload: { answers: { NOPE: 'best' } } })).statusCode).toBe(400);
    // Nothing stored: the assessment's own result did not move.
    expect((await withToken(t, secret, 'GET', `/api/v1/assessments/${done.id}/result`)).json<V1Result>()).toEqual(result);

    const copy = await withToken(t, secret, 'POST', `/api/v1/assessments/${done.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json<V1Assessment>()).toMatchObject({ status: 'draft', input: done.input });
    expect(copy.json<V1Assessment>().id).not.toBe(done.id);
    const pdf = await withToken(t, secret, 'GET', `/api/v1/assessments/${done.id}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('organisations: a personal token sees the account’s, acts in another with CIFER-Organization; an organisation token sees its own', BUILDS_AN_APP, async () => {
    const clientOrg = await createOrganizationRow(t, 'Client Org');
    const owner = await createCaller(t);
    await addMembership(t, owner.userId, clientOrg, 'viewer');
    const personal = await issueToken(t, owner);
    const list = (await withToken(t, personal, 'GET', '/api/v1/organizations')).json<V1OrganizationList>();
    expect(list.organizations.map((o) => [o.id, o.acting]).sort()).toEqual([[owner.organizationId, true], [clientOrg, false]].sort());
    const inClient = (await withToken(t, personal, 'GET', '/api/v1/organizations', { headers: { 'cifer-organization': clientOrg } })).json<V1OrganizationList>();
    expect(inClient.organizations.find((o) => o.acting)).toMatchObject({ id: clientOrg, role: 'viewer' });
    // Its role there applies: a viewer writes nothing.
    expect((await withToken(t, personal, 'POST', '/api/v1/assessments', { payload: {}, headers: { 'cifer-organization': clientOrg } })).statusCode).toBe(403);

    const orgToken = await issueToken(t, owner, { kind: 'organization', scopes: ['read'] });
    const own = (await withToken(t, orgToken, 'GET', '/api/v1/organizations')).json<V1OrganizationList>();
    expect(own.organizations).toEqual([expect.objectContaining({ id: owner.organizationId, acting: true, role: 'owner' })]);
  });
});
