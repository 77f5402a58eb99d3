import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler as libraryValidatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { text } from '@/contracts/text.ts';
import { parseInput, rejectInvalidInput, validateRouteInput } from '../lib/validation.ts';
import { errorHandler } from '../plugins/error-handler.ts';
import type { DeclaredRouteSchema } from '../plugins/route-schemas.ts';
import { AppError } from '../errors.ts';
import { auditLog } from '../db/schema.ts';
import { createCaller, createOrganizationRow, send } from './organization-members.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * ADR 210: every /api route declares its params, body and JSON answer with zod schemas, so
 * validation, serialization, types and the coming OpenAPI document have one source. The lists
 * below are the only ways out of the rule, each with its reason.
 */

/** Writes that take no body (the action is the URL itself). */
const TAKES_NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/sessions/revoke-others',
  'POST /api/assessments/:id/refine',
  'POST /api/assessments/:id/duplicate',
  'POST /api/v1/assessments/:id/complete',
  'POST /api/v1/assessments/:id/duplicate',
  'POST /api/monitoring/rescore',
  'POST /api/billing/portal',
  'POST /api/billing/test/checkout',
  'POST /api/organizations/:id/sso/:connectionId/domains/:domainId/verify',
  'POST /api/organizations/:id/webhooks/:webhookId/rotate-secret',
  'POST /api/organizations/:id/webhooks/:webhookId/test',
  'POST /api/v1/webhooks/:webhookId/test',
]);

/** Read their body by hand, each for its reason. */
const BODY_READ_BY_HAND = new Set([
  // Two shapes picked by one key, after the per-IP limit (see its comment in auth/routes.ts).
  'POST /api/auth/register',
  // The raw bytes Stripe signed: the signature is checked over them before they are parsed (ADR 135, billing/webhook-routes.ts).
  'POST /api/billing/webhook',
]);

/** Answers that are not JSON (a redirect, files, an image): their input is declared, their answer is not. */
const NOT_JSON = new Set([
  'GET /api/login',
  'GET /api/assessments/:id/report.pdf',
  'GET /api/assessments/:id/report.pptx',
  'GET /api/assessments/:id/workbook.xlsx',
  'GET /api/v1/assessments/:id/report.pdf',
  'GET /api/v1/assessments/:id/report.pptx',
  'GET /api/v1/assessments/:id/workbook.xlsx',
  // The interactive API documentation (plugins/openapi.ts): an HTML page and its script and style files.
  'GET /api/docs',
  'GET /api/docs/assets/:file',
  'GET /api/organization/logo/image',
  'GET /api/admin/audit.csv',
  'GET /api/v1/audit-log.csv',
  // One's personal data as a zip (features/privacy, ADR 232).
  'GET /api/account/export',
  // The identity provider's redirect back: always a 302 (to /mfa-verification, or /auth?sso_error=...).
  'GET /api/auth/sso/callback',
]);

const isZod = (value: unknown) => value instanceof z.ZodType;
const key = (route: DeclaredRouteSchema) => `${route.method} ${route.url}`;

describe('every /api route declares its schemas (ADR 210)', () => {
  let t: TestApp;
  let routes: DeclaredRouteSchema[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.apiRouteSchemas;
  });
  afterAll(async () => t.close());

  test('the declarations list every /api route', () => {
    expect(routes.map(key).sort()).toEqual(t.app.registeredApiRoutes.map((route) => `${route.method} ${route.url}`).sort());
    expect(routes.length).toBeGreaterThan(70);
  });

  test('a route with path parameters declares them', () => {
    const missing = routes.filter((route) => route.url.includes(':') && !isZod(route.schema?.params)).map(key);
    expect(missing).toEqual([]);
  });

  test('a write declares its body, unless it takes none', () => {
    const writes = routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    const missing = writes.filter((route) => !isZod(route.schema?.body) && !TAKES_NO_BODY.has(key(route)) && !BODY_READ_BY_HAND.has(key(route))).map(key);
    expect(missing).toEqual([]);
    const stale = [...TAKES_NO_BODY, ...BODY_READ_BY_HAND].filter((entry) => !writes.some((route) => key(route) === entry && !isZod(route.schema?.body)));
    expect(stale).toEqual([]);
  });

  test('a JSON answer declares its success schema; the non-JSON ones declare none', () => {
    const successSchemas = (route: DeclaredRouteSchema) =>
      Object.entries((route.schema?.response ?? {}) as Record<string, unknown>).filter(([status]) => /^2\d\d$/.test(status) || status === '404');
    const missing = routes.filter((route) => !NOT_JSON.has(key(route)) && !successSchemas(route).some(([, schema]) => isZod(schema))).map(key);
    expect(missing).toEqual([]);
    const declaredAnyway = routes.filter((route) => NOT_JSON.has(key(route)) && route.schema?.response !== undefined).map(key);
    expect(declaredAnyway).toEqual([]);
    expect([...NOT_JSON].filter((entry) => !routes.some((route) => key(route) === entry))).toEqual([]);
  });

  test('every declared schema is a zod schema (the contracts), never a JSON schema', () => {
    const notZod = routes.flatMap((route) =>
      (['params', 'querystring', 'body'] as const).filter((part) => route.schema?.[part] !== undefined && !isZod(route.schema[part])).map((part) => `${key(route)} ${part}`),
    );
    expect(notZod).toEqual([]);
  });
});

describe('route schemas answer as parseInput did, and answers leave as their schema says', () => {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } }).withTypeProvider<ZodTypeProvider>();
  const Body = z.strictObject({ name: text().trim().min(1, 'Name is required'), nested: z.object({ count: z.number().int() }).optional() });
  const Answer = z.object({ id: z.string() });

  beforeAll(async () => {
    app.setValidatorCompiler(validateRouteInput);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    app.post('/echo', { schema: { body: Body, response: { 200: Answer } } }, async (request) => ({ id: request.body.name, secret: 'must not leave' }) as { id: string });
    app.get('/wrong', { schema: { response: { 200: Answer } } }, async () => ({ id: 42 }) as unknown as { id: string });
    app.post('/target-first/:id', { schema: { params: z.object({ id: z.string() }), body: Body, response: { 200: Answer } }, attachValidation: true }, async (request) => {
      if (request.params.id !== 'known') throw new AppError('not_found', 'Not found');
      rejectInvalidInput(request);
      return { id: request.body.name };
    });
    // Fastify types a route's own compiler by the whole schema object; the library's takes one zod schema per part.
    app.post('/library-validator', { schema: { body: Body }, validatorCompiler: libraryValidatorCompiler as never }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => app.close());

  test('a bad body gets the same 400, message and issues as parseInput gives', async () => {
    const body = { name: ' ', nested: { count: 1.5 }, extra: true };
    const expected = (() => {
      try {
        parseInput(Body, body);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('parseInput accepted a bad body');
    })();
    const response = await app.inject({ method: 'POST', url: '/echo', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expected.message, code: 'bad_request', issues: expected.details.issues });
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual(expect.arrayContaining(['name', 'nested.count', '(body)']));
  });

  test('a missing body reads as {} (as parseInput did), and NUL in a text field is refused naming it (ADR 170)', async () => {
    const empty = await app.inject({ method: 'POST', url: '/echo' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: 'name', message: 'Invalid input: expected string, received undefined' }]);
    const nul = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues[0].path).toBe('name');
  });

  test('the answer is the parsed body run through the response schema: unknown keys are stripped', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { name: '  Ada  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'Ada' });
  });

  test('an answer that does not match its schema is a 500 without internals, logged once with the field paths', async () => {
    const before = logs.length;
    const response = await app.inject({ method: 'GET', url: '/wrong' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
    const lines = logs.slice(before).map((line) => JSON.parse(line) as { msg: string; issues?: unknown; level: number });
    const failures = lines.filter((line) => line.level >= 50);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ msg: 'response does not match its schema', issues: [{ path: 'id', code: 'invalid_type' }] });
  });

  test("the library's own validator, should a route use it, gets the same 400 shape with field paths", async () => {
    const response = await app.inject({ method: 'POST', url: '/library-validator', payload: { name: ' ', nested: { count: 'x' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request', issues: [{ path: 'name', message: 'Name is required' }, { path: 'nested.count', message: expect.any(String) }] });
    expect(response.json().message).toMatch(/^name: Name is required; nested\.count: /);
  });

  test('with attachValidation the route checks its target first (ADR 064): 404 before 400', async () => {
    expect((await app.inject({ method: 'POST', url: '/target-first/unknown', payload: { name: '' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/target-first/known', payload: { name: '' } })).statusCode).toBe(400);
    const ok = await app.inject({ method: 'POST', url: '/target-first/known', payload: { name: 'x' } });
    expect(ok.json()).toEqual({ id: 'x' });
  });
});

describe('routes that check their target or caller before reading their input keep that order (ADR 064, 210)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const malformedId = '/api/admin/users/not-a-uuid';

  test('a role change by an admin who is not a super admin is refused and audited whatever the id; a super admin gets the 400', async () => {
    const admin = await createCaller(t, { role: 'admin' });
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    expect((await send(t, 'POST', `${malformedId}/role`, admin.cookie, { role: 'admin' })).statusCode).toBe(403);
    const refused = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.role_change_refused'));
    expect(refused.filter((event) => event.actorUserId === admin.userId)).toHaveLength(1);
    const malformed = await send(t, 'POST', `${malformedId}/role`, superAdmin.cookie, { role: 'admin' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'id: Unknown user', issues: [{ path: 'id', message: 'Unknown user' }] });
  });

  test('an account action names a bad body before a malformed id, as it read them', async () => {
    const superAdmin = await createCaller(t, { role: 'super_admin' });
    const both = await send(t, 'POST', `${malformedId}/disable`, superAdmin.cookie, { reason: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['(body)']);
    const role = await send(t, 'POST', `${malformedId}/role`, superAdmin.cookie, { role: 'owner' });
    expect(role.json().issues.map((issue: { path: string }) => issue.path)).toEqual(['role']);
    expect((await send(t, 'POST', `${malformedId}/partner`, superAdmin.cookie, {})).json().issues.map((issue: { path: string }) => issue.path)).toEqual(['partner']);
    expect((await send(t, 'POST', `${malformedId}/disable`, superAdmin.cookie, {})).json().issues).toEqual([{ path: 'id', message: 'Unknown user' }]);
  });

  test("a member write refuses a malformed id first, then another organisation's member with a 404, before it reads the body", async () => {
    const owner = await createCaller(t);
    const other = await createOrganizationRow(t);
    const stranger = await createCaller(t);
    const malformed = await send(t, 'PATCH', `/api/organizations/${owner.homeOrganizationId}/members/not-a-uuid`, owner.cookie, { role: 'nobody' });
    expect(malformed.json().issues).toEqual([{ path: 'userId', message: 'Unknown member' }]);
    expect((await send(t, 'PATCH', `/api/organizations/${other}/members/${stranger.userId}`, owner.cookie, { role: 'nobody' })).statusCode).toBe(404);
    expect((await send(t, 'POST', `/api/organizations/${other}/invitations`, owner.cookie, { email: 'not an address' })).statusCode).toBe(404);
    const badBody = await send(t, 'POST', `/api/organizations/${owner.homeOrganizationId}/invitations`, owner.cookie, { email: 'not an address' });
    expect(badBody.json().issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
  });
});
