import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, test } from 'vitest';
import { API_TOKEN_MESSAGES, type CreatedApiToken } from '@/contracts/api-tokens.ts';
import type { V1Assessment, V1Result } from '@/contracts/public-api.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { call, completeAssessment } from '../../test/helpers.ts';
import { createCaller } from '../../test/organization-members.ts';
import { BUILDS_AN_APP, useSharedTestApp } from '../../test/test-app-hooks.ts';
import { apiJson, connectOverHttp as connectOverHttpTo, issueApiToken, jsonOf, textOf, TOOL_NAMES } from './mcp-test-support.ts';
import { METHODOLOGY_URI } from './methodology.ts';
import { MCP_MESSAGES } from './routes.ts';
import { formatUsd, roundForReading } from './tool-results.ts';

const t = useSharedTestApp();
const clients: Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

const connectOverHttp = (secret: string) => connectOverHttpTo(t, secret, clients);

/** The same clinic a year on: the incident-response plan tested, so its loss is lower. */
const CLINIC_LATER = { ...SAMPLE_CLINIC_INPUT, factors: { ...SAMPLE_CLINIC_INPUT.factors, M2: 'best' as const } };

describe('MCP over Streamable HTTP (/mcp)', BUILDS_AN_APP, () => {
  test('lists the tools and serves the methodology written from the engine', async () => {
    const owner = await createCaller(t);
    const client = await connectOverHttp(await issueApiToken(t, owner, ['read']));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
    expect(tools.find((tool) => tool.name === 'get_result')?.inputSchema.required).toEqual(['assessmentId']);
    const { contents } = await client.readResource({ uri: METHODOLOGY_URI });
    const markdown = contents[0] && 'text' in contents[0] ? contents[0].text : '';
    expect(markdown).toContain('# How CIFER estimates cyber risk');
    expect(markdown).toContain(`engine ${ENGINE_VERSION}`);
    expect(markdown).toContain('M3 MFA and access control');
  });

  test("the read tools answer from the organisation's own assessments, with the API's figures", async () => {
    const owner = await createCaller(t);
    const earlier = await completeAssessment(t, owner.cookie, SAMPLE_CLINIC_INPUT, 1, 'Clinic 2025');
    t.clock.advance(60_000);
    const later = await completeAssessment(t, owner.cookie, CLINIC_LATER, 1, 'Clinic 2026');
    const secret = await issueApiToken(t, owner, ['read']);
    const client = await connectOverHttp(secret);
    const result = await apiJson<V1Result>(t, secret, 'GET', `/api/v1/assessments/${later.id}/result`);

    const listed = await client.callTool({ name: 'list_assessments', arguments: {} });
    expect(jsonOf<{ items: { id: string }[] }>(listed).items.map((item) => item.id)).toEqual([later.id, earlier.id]);
    expect(textOf(listed)).toContain('Clinic 2026');

    const headline = await client.callTool({ name: 'get_result', arguments: { assessmentId: later.id } });
    expect(headline.isError).toBeFalsy();
    expect(jsonOf(headline)).toMatchObject(roundForReading({ figures: result.figures, range: result.range, topDrivers: result.topDrivers }));
    expect(textOf(headline)).toContain(result.summary);
    expect(textOf(headline)).toContain(formatUsd(result.figures.expectedAnnualLossUsd));

    const factor = await client.callTool({ name: 'explain_factor', arguments: { assessmentId: earlier.id, factorId: 'M2' } });
    expect(jsonOf(factor)).toMatchObject({ factorId: 'M2', answer: 'worst' });
    expect(textOf(factor)).toContain('Answer given: None (worst)');

    const whatIf = await client.callTool({ name: 'what_if', arguments: { assessmentId: earlier.id, answers: { M2: 'best' } } });
    const difference = jsonOf<{ differenceUsd: number; before: { expectedAnnualLossUsd: number } }>(whatIf);
    expect(difference.differenceUsd).toBeLessThan(0);
    expect(textOf(whatIf)).toContain(`down ${formatUsd(-difference.differenceUsd)} a year`);

    const compared = await client.callTool({ name: 'compare_assessments', arguments: { assessmentId: later.id, againstAssessmentId: earlier.id } });
    const { whatChanged } = jsonOf<{ whatChanged: { previous: { id: string; aleUsd: number }; current: { id: string; aleUsd: number }; totalDeltaUsd: number } }>(compared);
    expect(whatChanged.previous.id).toBe(earlier.id);
    expect(whatChanged.current.aleUsd).toBe(Math.round(result.figures.expectedAnnualLossUsd));
    expect(Math.abs(whatChanged.totalDeltaUsd - (whatChanged.current.aleUsd - whatChanged.previous.aleUsd))).toBeLessThanOrEqual(1);

    const plan = await client.callTool({ name: 'get_action_plan', arguments: {} });
    expect(plan.isError).toBeFalsy();
    expect(jsonOf(plan)).toMatchObject({ recommendations: roundForReading(result.recommendations), summary: { baseline: { assessmentId: later.id } } });
  });

  test('the write tools start a draft, record answers a few at a time and complete it', async () => {
    const owner = await createCaller(t);
    const secret = await issueApiToken(t, owner, ['read', 'write']);
    const client = await connectOverHttp(secret);
    const { organisation, factors, frameworks } = SAMPLE_CLINIC_INPUT;

    const started = await client.callTool({ name: 'start_draft', arguments: { title: 'Drafted by an assistant', input: { organisation } } });
    const { id } = jsonOf<{ id: string }>(started);
    const [firstHalf, secondHalf] = [Object.fromEntries(Object.entries(factors).slice(0, 9)), Object.fromEntries(Object.entries(factors).slice(9))];
    await client.callTool({ name: 'record_answers', arguments: { assessmentId: id, input: { factors: firstHalf } } });
    const recorded = await client.callTool({ name: 'record_answers', arguments: { assessmentId: id, input: { factors: secondHalf, frameworks } } });
    expect(jsonOf(recorded)).toMatchObject({ factorsAnswered: Object.keys(factors).length });
    // Each call added to the saved answers: the profile of the first and both halves are all there.
    const draft = await apiJson<V1Assessment>(t, secret, 'GET', `/api/v1/assessments/${id}`);
    expect(draft.input).toMatchObject({ organisation, factors, frameworks });

    const completed = await client.callTool({ name: 'complete_assessment', arguments: { assessmentId: id } });
    expect(completed.isError).toBeFalsy();
    const stored = await apiJson<V1Result>(t, secret, 'GET', `/api/v1/assessments/${id}/result`);
    expect(jsonOf(completed)).toMatchObject({ assessmentId: id, figures: roundForReading(stored.figures) });
    expect(textOf(completed)).toContain(stored.summary);
  });

  test('a read token cannot write: the tool says so and nothing is stored', async () => {
    const owner = await createCaller(t);
    const secret = await issueApiToken(t, owner, ['read']);
    const client = await connectOverHttp(secret);
    const refused = await client.callTool({ name: 'start_draft', arguments: { title: 'Not allowed' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(API_TOKEN_MESSAGES.readOnly);
    expect((await apiJson<{ items: unknown[] }>(t, secret, 'GET', '/api/v1/assessments')).items).toEqual([]);
  });

  test('every token the API lets one create opens /mcp and reaches the tools its scopes allow (write includes read)', async () => {
    const owner = await createCaller(t);
    const created: string[][] = [];
    for (const scopes of [['read'], ['write'], ['read', 'write']]) {
      const response = await call(t, owner.cookie, 'POST', '/api/account/tokens', { name: `Assistant ${scopes.join('+')}`, scopes });
      if (response.statusCode !== 201) continue;
      created.push(scopes);
      const client = await connectOverHttp(response.json<CreatedApiToken>().secret);
      const listed = await client.callTool({ name: 'list_assessments', arguments: {} });
      expect(listed.isError, scopes.join('+')).toBeFalsy();
      const started = await client.callTool({ name: 'start_draft', arguments: { title: `Draft ${scopes.join('+')}` } });
      expect(Boolean(started.isError), scopes.join('+')).toBe(!scopes.includes('write'));
    }
    expect(created).toEqual([['read'], ['read', 'write']]);
  });

  test("a token never reaches another organisation's assessment", async () => {
    const owner = await createCaller(t);
    const stranger = await createCaller(t);
    const theirs = await completeAssessment(t, stranger.cookie, SAMPLE_CLINIC_INPUT, 1, 'Someone else');
    const client = await connectOverHttp(await issueApiToken(t, owner, ['read', 'write']));
    for (const [name, extra] of [['get_result', {}], ['explain_factor', { factorId: 'M1' }], ['what_if', { answers: { M1: 'best' } }], ['record_answers', { title: 'Mine now' }]] as const) {
      const answer = await client.callTool({ name, arguments: { assessmentId: theirs.id, ...extra } });
      expect(answer.isError, name).toBe(true);
      expect(textOf(answer), name).toContain('(404)');
      expect(textOf(answer), name).not.toContain('Someone else');
    }
    expect(jsonOf<{ items: unknown[] }>(await client.callTool({ name: 'list_assessments', arguments: {} })).items).toEqual([]);
    // An id that is not one never reaches a URL path: the tool's input contract refuses it.
    const malformed = await client.callTool({ name: 'get_result', arguments: { assessmentId: `${theirs.id}/../../admin` } });
    expect(malformed.isError).toBe(true);
    expect(textOf(malformed)).toContain('Use the id of an assessment');
  });

  test('only an API token opens /mcp: none, a browser session or a revoked token get 401', async () => {
    const owner = await createCaller(t);
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/mcp', headers: { accept: 'application/json, text/event-stream', ...headers }, payload: initialize });

    const anonymous = await post({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized', message: MCP_MESSAGES.tokenRequired });
    // RFC 9728 section 5.1: the way to the protected-resource metadata, hence to OAuth (ADR 294).
    expect(anonymous.headers['www-authenticate']).toBe(`Bearer realm="cifer", resource_metadata="${new URL('/.well-known/oauth-protected-resource/mcp', t.env.APP_URL).href}"`);
    expect((await post({ cookie: owner.cookie, origin: t.env.APP_URL })).statusCode).toBe(401);
    const revoked = await issueApiToken(t, owner, ['read'], { revokedAt: t.clock.now() });
    expect((await post({ authorization: `Bearer ${revoked}` })).json()).toMatchObject({ code: 'unauthorized', message: API_TOKEN_MESSAGES.invalid });

    const secret = await issueApiToken(t, owner, ['read']);
    const accepted = await post({ authorization: `Bearer ${secret}` });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ result: { serverInfo: { name: 'cifer' } } });
    const stream = await t.app.inject({ method: 'GET', url: '/mcp', headers: { authorization: `Bearer ${secret}`, accept: 'text/event-stream' } });
    expect(stream.statusCode).toBe(405);
    expect(stream.headers.allow).toBe('POST');
  });
});
