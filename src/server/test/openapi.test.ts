import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  V1ActionPlanSchema,
  V1AssessmentPageSchema,
  V1AssessmentSchema,
  V1AuditLogPageSchema,
  V1EvidenceSchema,
  V1MonitoringTrendSchema,
  V1OrganizationListSchema,
  V1ResultSchema,
  V1WhatChangedSchema,
  V1WhatIfSchema,
} from '@/contracts/public-api.ts';
import { OrganizationMembersResponseSchema } from '@/contracts/organizations.ts';
import { SsoConnectionListSchema } from '@/contracts/sso.ts';
import { WebhookEndpointListSchema } from '@/contracts/webhooks.ts';
import { DOCS_PATH, OPENAPI_PATH } from '../plugins/openapi.ts';
import { createCaller } from './organization-members.ts';
import { completeThroughApi, issueToken, withToken } from './public-api-support.ts';
import { BUILDS_AN_APP, useSharedTestApp } from './test-app-hooks.ts';

/**
 * The OpenAPI document of /api/v1 (ADR 228): a valid OpenAPI 3.1 document, describing every public
 * route and nothing else, and describing what the routes really answer (checked twice: with the
 * contracts' zod schemas and with the document's own JSON Schema).
 */

interface OpenApiDocument {
  openapi: string;
  tags?: Array<{ name: string }>;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  const t = useSharedTestApp();
  let document: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  }, BUILDS_AN_APP.timeout);

  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const outcome = await validator.validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(outcome.errors ?? []).toEqual([]);
    expect(outcome.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  test('describes every registered /api/v1 route and no other', () => {
    // The import routes tokens may call are part of the contract too.
    const registered = t.app.registeredApiRoutes.filter((r) => (r.url.startsWith('/api/v1/') && r.url !== OPENAPI_PATH) || r.url.startsWith('/api/assessments/import'));
    expect(registered.filter((r) => r.url.startsWith('/api/assessments/import'))).toHaveLength(2);
    expect(registered.length).toBeGreaterThanOrEqual(14);
    for (const route of registered) {
      expect(document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(registered.map((r) => `${r.method} ${toOpenApiPath(r.url)}`).sort());
  });

  test('real answers match both the contracts and the document', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const secret = await issueToken(t, owner);
    const earlier = await completeThroughApi(t, secret, 'Earlier');
    t.clock.advance(60_000);
    const later = await completeThroughApi(t, secret, 'Later');

    const check = async (method: 'GET' | 'POST', url: string, template: string, schema: z.ZodType, payload?: object) => {
      const response = await withToken(t, secret, method, url, payload ? { payload } : {});
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      const body: unknown = response.json();
      expect(schema.safeParse(body).success, url).toBe(true);
      const described = document.paths[template]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
      expect(described, template).toBeDefined();
      // Shared component schemas are referenced as #/components/schemas/…: compiled with the document's components beside them.
      const validate = ajv.compile({ ...(described as object), components: (document as unknown as { components: object }).components });
      expect(validate(body) ? [] : validate.errors, url).toEqual([]);
    };
    await check('GET', '/api/v1/assessments', '/api/v1/assessments', V1AssessmentPageSchema);
    await check('GET', `/api/v1/assessments/${later.id}`, '/api/v1/assessments/{id}', V1AssessmentSchema);
    await check('GET', `/api/v1/assessments/${later.id}/result`, '/api/v1/assessments/{id}/result', V1ResultSchema);
    await check('POST', `/api/v1/assessments/${later.id}/what-if`, '/api/v1/assessments/{id}/what-if', V1WhatIfSchema, { answers: { M1: 'best', M3: 'worst' } });
    await check('GET', `/api/v1/assessments/${later.id}/what-changed?against=${earlier.id}`, '/api/v1/assessments/{id}/what-changed', V1WhatChangedSchema);
    await check('GET', '/api/v1/organizations', '/api/v1/organizations', V1OrganizationListSchema);
    await check('GET', '/api/v1/monitoring/trend', '/api/v1/monitoring/trend', V1MonitoringTrendSchema);
    await check('GET', '/api/v1/monitoring/plan', '/api/v1/monitoring/plan', V1ActionPlanSchema);
    // The administration answers and the evidence, read by the same owner's token.
    await check('GET', `/api/v1/assessments/${later.id}/evidence`, '/api/v1/assessments/{id}/evidence', V1EvidenceSchema);
    await check('GET', '/api/v1/members', '/api/v1/members', OrganizationMembersResponseSchema);
    await check('GET', '/api/v1/audit-log', '/api/v1/audit-log', V1AuditLogPageSchema);
    await check('GET', '/api/v1/webhooks', '/api/v1/webhooks', WebhookEndpointListSchema);
    await check('GET', '/api/v1/sso', '/api/v1/sso', SsoConnectionListSchema);
  });

  test('every operation has a tag and documents its refusals with the shared Error component', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<[string, { tags?: string[]; responses: Record<string, { content?: Record<string, { schema: object }> }> }]>) {
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
        for (const status of ['401', '403', '429']) expect(operation.responses[status]?.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        if (path.includes('{')) expect(operation.responses['404'], `${method} ${path} 404`).toBeDefined();
      }
    }
    expect(document.tags?.map((tag) => tag.name)).toEqual(['administration', 'assessments', 'import', 'monitoring', 'organizations']);
    // The answers share their parts as components (the organisation, the risk band), referenced rather than repeated.
    const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Error', 'Organization', 'RiskBand']));
    expect(JSON.stringify(document.paths['/api/v1/organizations'])).toContain('#/components/schemas/Organization');
  });

  test('the main answers are named components, which the operations and the other components reference (ADR 319)', () => {
    const { schemas } = (document as unknown as { components: { schemas: Record<string, unknown> } }).components;
    const answerOf = (path: string, method: string, status = '200') => document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    const named: Array<[path: string, method: string, component: string, status?: string]> = [
      ['/api/v1/organizations', 'get', 'OrganizationList'],
      ['/api/v1/assessments', 'get', 'AssessmentPage'],
      ['/api/v1/assessments', 'post', 'Assessment', '201'],
      ['/api/v1/assessments/{id}', 'get', 'Assessment'],
      ['/api/v1/assessments/{id}', 'patch', 'Assessment'],
      ['/api/v1/assessments/{id}/complete', 'post', 'Assessment'],
      ['/api/v1/assessments/{id}/result', 'get', 'Result'],
      ['/api/v1/assessments/{id}/what-if', 'post', 'WhatIf'],
      ['/api/v1/assessments/{id}/what-changed', 'get', 'WhatChanged'],
      ['/api/v1/assessments/{id}/evidence', 'get', 'Evidence'],
      ['/api/v1/assessments/{id}/evidence', 'patch', 'Evidence'],
      ['/api/v1/monitoring/trend', 'get', 'MonitoringTrend'],
      ['/api/v1/monitoring/plan', 'get', 'ActionPlan'],
      ['/api/v1/members', 'get', 'MemberList'],
      ['/api/v1/invitations', 'post', 'Invitation', '201'],
      ['/api/v1/members/{userId}', 'delete', 'Message'],
      ['/api/v1/audit-log', 'get', 'AuditLogPage'],
      ['/api/v1/webhooks', 'get', 'WebhookEndpointList'],
      ['/api/v1/webhooks/{webhookId}/deliveries', 'get', 'WebhookDeliveryList'],
      ['/api/v1/webhooks/{webhookId}/test', 'post', 'WebhookTestResult'],
      ['/api/v1/sso', 'get', 'SsoConnectionList'],
    ];
    for (const [path, method, component, status] of named) {
      expect(answerOf(path, method, status), `${method} ${path}`).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(schemas[component], component).toBeDefined();
    }
    // The parts are shared too: each of these components refers to the next rather than repeating it.
    const refers: Array<[component: string, part: string]> = [
      ['AssessmentPage', 'AssessmentListItem'],
      ['AssessmentListItem', 'AssessmentSummary'],
      ['AssessmentSummary', 'RiskBand'],
      ['Assessment', 'AssessmentAnswers'],
      ['Result', 'Figures'],
      ['Result', 'Driver'],
      ['Result', 'Decision'],
      ['Decision', 'DecisionOption'],
      ['WhatIf', 'Figures'],
      ['MemberList', 'Member'],
      ['MemberList', 'Invitation'],
      ['AuditLogPage', 'AuditEvent'],
      ['WebhookEndpointList', 'WebhookEndpoint'],
      ['WebhookDeliveryList', 'WebhookDelivery'],
      ['SsoConnectionList', 'SsoConnection'],
      ['SsoConnection', 'SsoDomain'],
      ['Evidence', 'FrameworkEvidence'],
      ['Evidence', 'EvidenceSuggestion'],
    ];
    for (const [component, part] of refers) expect(JSON.stringify(schemas[component]), `${component} → ${part}`).toContain(`"#/components/schemas/${part}"`);
  });

  test('real refusals (400, 401, 403, 404, 409) match the document', BUILDS_AN_APP, async () => {
    const owner = await createCaller(t);
    const writer = await issueToken(t, owner);
    const reader = await issueToken(t, owner, { scopes: ['read'] });
    const completed = await completeThroughApi(t, writer, 'Done');
    const draft = (await withToken(t, writer, 'POST', '/api/v1/assessments', { payload: { title: 'Half done', input: { factors: { M3: 'best' } } } })).json<{ id: string }>();
    const cases: Array<{ status: number; method: 'GET' | 'POST' | 'PATCH'; url: string; template: string; secret: string | null; payload?: object }> = [
      { status: 400, method: 'GET', url: '/api/v1/assessments?limit=0', template: '/api/v1/assessments', secret: writer },
      { status: 400, method: 'POST', url: `/api/v1/assessments/${draft.id}/complete`, template: '/api/v1/assessments/{id}/complete', secret: writer },
      { status: 400, method: 'POST', url: '/api/assessments/import', template: '/api/assessments/import', secret: writer, payload: { fileName: 'x.csv', contentBase64: Buffer.from('name,score\r\n').toString('base64') } },
      { status: 401, method: 'GET', url: '/api/v1/assessments', template: '/api/v1/assessments', secret: 'cifer_pat_not-a-real-token' },
      { status: 403, method: 'POST', url: '/api/v1/assessments', template: '/api/v1/assessments', secret: reader, payload: { title: 'Refused' } },
      { status: 404, method: 'GET', url: '/api/v1/assessments/no-such-id', template: '/api/v1/assessments/{id}', secret: writer },
      { status: 404, method: 'GET', url: `/api/v1/assessments/${draft.id}/result`, template: '/api/v1/assessments/{id}/result', secret: writer },
      { status: 409, method: 'PATCH', url: `/api/v1/assessments/${completed.id}`, template: '/api/v1/assessments/{id}', secret: writer, payload: { title: 'Too late' } },
      { status: 409, method: 'POST', url: `/api/v1/assessments/${completed.id}/complete`, template: '/api/v1/assessments/{id}/complete', secret: writer },
    ];
    const errorSchema = (document as unknown as { components: { schemas: { Error: object } } }).components.schemas.Error;
    const validate = ajv.compile(errorSchema);
    for (const { status, method, url, template, secret, payload } of cases) {
      const response = await withToken(t, secret ?? '', method, url, payload ? { payload } : {});
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
      const described = document.paths[template]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.schema;
      expect(described, `${method} ${template} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
      const body: unknown = response.json();
      expect(validate(body) ? [] : validate.errors, `${method} ${url}`).toEqual([]);
    }
  });

  test('the docs page and its files come from CIFER itself, with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')) {
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/assets/package.json` })).statusCode).toBe(400);
  });
});
