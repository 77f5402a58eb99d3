import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { V1Assessment } from '@/contracts/public-api.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { FACTORS } from '@/engine/factors.ts';
import { createCaller } from '../../test/organization-members.ts';
import { issueToken, withToken } from '../../test/public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';

/** POST /api/v1/assessments/:id/complete refuses missing answers in plain words (ADR 289); docs/api.md's example runs as written. */

const t = useSharedTestApp();
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** The app on a loopback port, for curl. */
async function listeningUrl(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function draftWith(secret: string, input: object): Promise<string> {
  const created = await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: { title: 'Draft', input } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<V1Assessment>().id;
}

type Refusal = { code: string; message: string; issues: Array<{ path: string; message: string }> };

describe('complete', BUILDS_AN_APP, () => {
  test('a draft with 17 of 19 factors unanswered is refused, each named; it stays a draft', async () => {
    const secret = await issueToken(t, await createCaller(t));
    const { organisation } = SAMPLE_CLINIC_INPUT;
    const id = await draftWith(secret, { organisation, factors: { M1: 'best', M3: 'unknown' } });
    const refused = await withToken(t, secret, 'POST', `/api/v1/assessments/${id}/complete`);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<Refusal>();
    expect(body.code).toBe('bad_request');
    expect(body.message).toContain('17 of 19 factors are not answered');
    expect(body.message).toContain('Incident response plan, tested (M2)');
    expect(body.message).toContain('("unknown" if you don\'t know)');
    expect(body.message).not.toContain('Security awareness training (M1)');
    const unanswered = FACTORS.filter((factor) => !['M1', 'M3'].includes(factor.id));
    expect(body.issues.map((issue) => issue.path)).toEqual(unanswered.map((factor) => `input.factors.${factor.id}`));
    expect((await withToken(t, secret, 'GET', `/api/v1/assessments/${id}`)).json<V1Assessment>().status).toBe('draft');
  });

  test('"unknown" is an answer, and a factor the compliance answers settle counts as answered', async () => {
    const secret = await issueToken(t, await createCaller(t));
    // Every factor "unknown" but A4, which the sample's regimes (HIPAA, PCI DSS) settle.
    const unknownButA4 = Object.fromEntries(FACTORS.filter((factor) => factor.id !== 'A4').map((factor) => [factor.id, 'unknown']));
    const id = await draftWith(secret, { organisation: SAMPLE_CLINIC_INPUT.organisation, factors: unknownButA4, frameworks: SAMPLE_CLINIC_INPUT.frameworks });
    const completed = await withToken(t, secret, 'POST', `/api/v1/assessments/${id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    // Without the frameworks nothing settles A4: refused, naming it alone.
    const withoutEvidence = await draftWith(secret, { organisation: SAMPLE_CLINIC_INPUT.organisation, factors: unknownButA4 });
    const refused = (await withToken(t, secret, 'POST', `/api/v1/assessments/${withoutEvidence}/complete`)).json<Refusal>();
    expect(refused.issues.map((issue) => issue.path)).toEqual(['input.factors.A4']);
  });

  test('missing profile answers are named in the questionnaire\'s words, not the validator\'s', async () => {
    const secret = await issueToken(t, await createCaller(t));
    const id = await draftWith(secret, { organisation: { industry: 'healthcare', employees: 40 }, factors: SAMPLE_CLINIC_INPUT.factors, frameworks: SAMPLE_CLINIC_INPUT.frameworks });
    const body = (await withToken(t, secret, 'POST', `/api/v1/assessments/${id}/complete`)).json<Refusal>();
    expect(body.message).toContain('The organisation profile is missing the annual revenue in US dollars; how many personal records you hold;');
    expect(body.message).toContain('whether the company is publicly traded');
    expect(body.message).not.toMatch(/Invalid input|expected|received undefined/);
    expect(body.issues).toContainEqual({ path: 'input.organisation.holdsEuResidentsData', message: 'Not answered: whether you hold data of EU residents' });
  });
});

describe('docs/api.md', BUILDS_AN_APP, () => {
  test('"Create a draft with every answer, then complete it" runs as written; the half-done draft gets its 400', async () => {
    const docs = await readFile(`${REPO}docs/api.md`, 'utf8');
    const start = docs.indexOf('# Create a draft with every answer');
    const end = docs.indexOf('\n\n', docs.indexOf('# A draft with answers missing'));
    expect(start).toBeGreaterThan(0);
    const commands = docs.slice(start, end);
    const secret = await issueToken(t, await createCaller(t));
    // Each command's answer on its own line, so the two answers can be read apart.
    const script = commands.replace(/\/complete$/gm, '/complete; echo');
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', CIFER: await listeningUrl(), TOKEN: secret },
    });
    const [completed, refused] = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(completed).toMatchObject({ title: 'Q3 review', status: 'completed' });
    expect(refused).toMatchObject({ code: 'bad_request', message: expect.stringContaining('18 of 19 factors are not answered') });
  });
});
