import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { accessRequests, users } from '../db/schema.ts';
import { enrolTotp, logIn, OTHER_STRONG_PASSWORD, post, sessionCookie, STRONG_PASSWORD, uniqueEmail, type Enrolment } from './helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * A valid request to every route that takes text (ADR 170), and from each the
 * same request with NUL or a lone surrogate put into one of its string fields, for every string
 * field, body and query alike. Shared by the hostile-text test (each answers 400 naming the field)
 * and the log-capture test (no secret in any log line).
 */

export const HOSTILE_CHARACTERS = { nul: '\u0000', loneHigh: '\uD800', loneLow: '\uDC00' } as const;

export interface TextFieldTemplate {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  cookie?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Fields that are a choice from a list (an enum): refused with their own message, not the text rule's. */
  choices?: string[];
  /** The valid request's own refusal, when it has one that names a field (e.g. a wrong current password). */
  validRefusal?: string;
}

/** The people and rows the templates need: a real sign-up with TOTP, a partner owner, a super admin. */
export interface TextFieldContext {
  /** Signed up through the API, TOTP enrolled, MFA-complete session, approved partner, owner of its organisation. */
  owner: { email: string; password: string; organizationId: string; enrolment: Enrolment };
  /** A password-only session of the owner (the MFA step is still due). */
  ownerPendingCookie: string;
  superAdminCookie: string;
  assessmentId: string;
  accessRequestId: string;
}

export async function createTextFieldContext(t: TestApp, superAdminCookie: string): Promise<TextFieldContext> {
  const email = uniqueEmail('owner');
  const signUp = await post(t, '/api/auth/register', { email, password: STRONG_PASSWORD, firstName: 'Olive', lastName: 'Owner', company: 'Owner Clinic' }, { ip: '10.70.0.1' });
  const cookie = sessionCookie(t, signUp);
  if (signUp.statusCode !== 200 || !cookie) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const enrolment = await enrolTotp(t, cookie);
  const [me] = await t.app.db.select({ userId: users.id, organizationId: users.organizationId }).from(users).where(eq(users.email, email));
  if (!me) throw new Error('signed-up user not found');
  const { userId, organizationId } = me;
  const partner = await t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/partner`, payload: { partner: true }, headers: { origin: t.env.APP_URL, cookie: superAdminCookie } });
  if (partner.statusCode !== 200) throw new Error(`partner flag: ${partner.statusCode} ${partner.body}`);
  const { cookie: ownerPendingCookie } = await logIn(t, email, STRONG_PASSWORD, { ip: '10.70.0.2' });
  if (!ownerPendingCookie) throw new Error('log-in set no cookie');
  const assessment = await post(t, '/api/assessments', { title: 'Baseline' }, { cookie: enrolment.cookie });
  if (assessment.statusCode !== 201) throw new Error(`assessment: ${assessment.statusCode} ${assessment.body}`);
  const requester = uniqueEmail('requester');
  await post(t, '/api/auth/register', { email: requester, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, firstName: 'Rita', lastName: 'Requester' }, { ip: '10.70.0.3' });
  const [request] = await t.app.db.select({ id: accessRequests.id }).from(accessRequests).limit(1);
  if (!request) throw new Error('no access request stored');
  return {
    owner: { email, password: STRONG_PASSWORD, organizationId, enrolment },
    ownerPendingCookie,
    superAdminCookie,
    assessmentId: assessment.json<{ id: string }>().id,
    accessRequestId: request.id,
  };
}

export function textFieldTemplates(context: TextFieldContext): TextFieldTemplate[] {
  const user = context.owner.enrolment.cookie;
  const admin = context.superAdminCookie;
  const token = 'A'.repeat(43);
  return [
    { name: 'sign-up', method: 'POST', url: '/api/auth/register', body: { email: uniqueEmail('text'), password: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Example Clinic' } },
    {
      name: 'access request',
      method: 'POST',
      url: '/api/auth/register',
      body: { email: uniqueEmail('text'), password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace', company: 'Example', phone: '+44 20 7946 0000', message: 'Please' },
    },
    { name: 'log-in', method: 'POST', url: '/api/auth/login', body: { email: context.owner.email, password: 'Wrong-Password-12345' } },
    { name: 'reset request', method: 'POST', url: '/api/request-password-reset', body: { email: context.owner.email } },
    { name: 'reset', method: 'POST', url: '/api/reset-password', body: { token, password: OTHER_STRONG_PASSWORD } },
    { name: 'change password', method: 'POST', url: '/api/auth/change-password', cookie: user, body: { currentPassword: 'Not-The-Password-1', newPassword: OTHER_STRONG_PASSWORD }, validRefusal: 'Current password is incorrect' },
    { name: 'TOTP step', method: 'POST', url: '/api/mfa/verify', cookie: context.ownerPendingCookie, body: { type: 'totp', code: '000000' }, choices: ['type'] },
    { name: 'backup-code step', method: 'POST', url: '/api/mfa/verify', cookie: context.ownerPendingCookie, body: { type: 'backup', code: 'ZZZZ9999' }, choices: ['type'] },
    { name: 'TOTP self-check', method: 'POST', url: '/api/mfa/test', cookie: user, body: { code: '000000' } },
    { name: 'MFA unlock link', method: 'POST', url: '/api/mfa/unlock', body: { token } },
    { name: 'help request', method: 'POST', url: '/api/help/submit', cookie: user, body: { category: 'other', subject: 'Subject', message: 'Message', userEmail: context.owner.email, userName: 'Olive Owner' }, choices: ['category'] },
    {
      name: 'consultation request',
      method: 'POST',
      url: '/api/consultations',
      body: { name: 'Ada', email: uniqueEmail('consult'), company: 'Example', companySize: '10-49', industry: 'healthcare', service: 'not_sure', message: 'Hello' },
      choices: ['companySize', 'industry', 'service'],
    },
    { name: 'new assessment', method: 'POST', url: '/api/assessments', cookie: user, body: { title: 'Title', input: { organisation: { name: 'Clinic' } } } },
    { name: 'assessment draft', method: 'PATCH', url: `/api/assessments/${context.assessmentId}`, cookie: user, body: { title: 'Title', input: { organisation: { name: 'Clinic' } } } },
    { name: 'assessment rename', method: 'POST', url: `/api/assessments/${context.assessmentId}/rename`, cookie: user, body: { title: 'Title' } },
    { name: 'colleague invitation', method: 'POST', url: `/api/assessments/${context.assessmentId}/invite`, cookie: user, body: { email: uniqueEmail('colleague'), message: 'Please look' } },
    { name: 'declined action', method: 'PATCH', url: '/api/monitoring/actions/00000000-0000-4000-8000-000000000000', cookie: user, body: { status: 'declined', declineReason: 'Too costly' }, choices: ['status'] },
    { name: 'client organisation', method: 'POST', url: '/api/organizations', cookie: user, body: { name: 'Client Clinic' } },
    { name: 'organisation invitation', method: 'POST', url: `/api/organizations/${context.owner.organizationId}/invitations`, cookie: user, body: { email: uniqueEmail('invitee'), role: 'member' }, choices: ['role'] },
    { name: 'invitation preview', method: 'POST', url: '/api/invitations/preview', body: { token } },
    { name: 'invitation acceptance', method: 'POST', url: '/api/invitations/accept', cookie: user, body: { token } },
    { name: 'subscription claim', method: 'POST', url: '/api/billing/claim', cookie: user, body: { token } },
    { name: 'access decision', method: 'POST', url: `/api/admin/access-requests/${context.accessRequestId}/reject`, cookie: admin, body: { note: 'Unknown company' } },
    { name: 'invoice subscription', method: 'POST', url: `/api/admin/billing/organizations/${context.owner.organizationId}/subscription`, cookie: admin, body: { action: 'extend', note: 'PO 42' }, choices: ['action'] },
    { name: 'user search', method: 'GET', url: '/api/admin/users', cookie: admin, query: { q: 'olive' } },
    { name: 'organisation search', method: 'GET', url: '/api/admin/organizations', cookie: admin, query: { q: 'clinic' } },
    // The owner's organisation has no SSO: the valid request answers 404 (ADR 227), a hostile reason 400.
    { name: 'lift SSO requirement', method: 'POST', url: `/api/admin/organizations/${context.owner.organizationId}/sso/lift-requirement`, cookie: admin, body: { reason: 'Client secret expired' } },
    { name: 'billing organisation search', method: 'GET', url: '/api/admin/billing/organizations', cookie: admin, query: { query: 'clinic' } },
    { name: 'audit search', method: 'GET', url: '/api/admin/audit', cookie: admin, query: { actor: 'olive', target: 'olive', action: 'login' } },
    { name: 'audit export', method: 'GET', url: '/api/admin/audit.csv', cookie: admin, query: { actor: 'olive', target: 'olive', action: 'login' } },
  ];
}

export interface HostileVariant {
  label: string;
  template: TextFieldTemplate;
  /** The field as the 400 names it ("input.organisation.name", or a query parameter's name). */
  field: string;
  /**
   * True when the value reaches the schema as sent: always in a JSON body; in a query string a
   * lone surrogate can only travel as invalid UTF-8, which the query parser does not turn back
   * into a surrogate (so only "never 5xx" holds there).
   */
  reachesSchema: boolean;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

function stringLeaves(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => stringLeaves(child, [...path, key]));
  return [];
}

function withLeaf(value: unknown, path: string[], replace: (text: string) => string): unknown {
  if (path.length === 0) return replace(value as string);
  const [head, ...rest] = path as [string, ...string[]];
  return { ...(value as Record<string, unknown>), [head]: withLeaf((value as Record<string, unknown>)[head], rest, replace) };
}

/** Each string field of each template, with each hostile character put inside its valid value. */
export function hostileVariants(templates: TextFieldTemplate[]): HostileVariant[] {
  return templates.flatMap((template) =>
    (['body', 'query'] as const).flatMap((part) =>
      stringLeaves(template[part] ?? {}).flatMap((path) =>
        Object.entries(HOSTILE_CHARACTERS).map(([kind, character]) => ({
          label: `${template.name}: ${path.join('.')} (${kind})`,
          template,
          field: path.join('.'),
          reachesSchema: part === 'body' || kind === 'nul',
          [part]: withLeaf(template[part], path, (text) => `${text.slice(0, 1)}${character}${text.slice(1)}`),
          ...(part === 'body' ? { query: template.query } : { body: template.body }),
        })),
      ),
    ),
  );
}

/** A query value percent-encoded; a lone surrogate as the (invalid) UTF-8 bytes a client would send. */
function encodeQueryValue(value: string): string {
  return [...value].map((character) => (/^[\uD800-\uDFFF]$/.test(character) ? '%ED%A0%80' : encodeURIComponent(character))).join('');
}

export function sendTextFieldRequest(t: TestApp, template: TextFieldTemplate, parts: { body?: Record<string, unknown>; query?: Record<string, string> } = template): Promise<LightMyRequestResponse> {
  const query = parts.query ? `?${Object.entries(parts.query).map(([key, value]) => `${key}=${encodeQueryValue(value)}`).join('&')}` : '';
  return t.app.inject({
    method: template.method,
    url: `${template.url}${query}`,
    remoteAddress: `10.71.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: { origin: t.env.APP_URL, ...(template.cookie ? { cookie: template.cookie } : {}) },
    ...(parts.body ? { payload: parts.body } : {}),
  });
}
