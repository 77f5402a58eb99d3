import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invitations, sessions, userMfa } from '../db/schema.ts';
import type { AccessLevel } from '../plugins/access.ts';
import { hashToken } from '../sessions/session-store.ts';
import { createCaller, createOrganizationRow, sessionIdOf, send, type Caller } from './organization-members.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The role × route matrix: every /api route, every kind of caller, and for routes
 * that name an object, an object of ANOTHER organisation (or user). The table must list exactly
 * the registered routes with their declared access, so a new route cannot skip this test.
 */

type Scope = 'assessment' | 'organization' | 'member' | 'invitation' | 'own-session' | 'admin-object';
interface RouteRule {
  access: AccessLevel;
  /** The route names an object: callers who pass the access check get 404 for another organisation's. */
  scope?: Scope;
  /** A write a viewer of the current organisation may not make (403). */
  viewerRefused?: boolean;
  /** Only a super admin may use it, though declared `admin` (role changes). */
  superAdminOnly?: boolean;
  /** Only an approved partner (403 for everyone else who passes access). */
  partnerOnly?: boolean;
  /** Declared `session` (reachable without a paid subscription) but the handler refuses a session that has not passed MFA. */
  mfaVerifiedOnly?: boolean;
  /** Declared `session` (usable before the second factor) but refused while TOTP is not set up (the matrix's password-only caller has none). */
  totpEnrolledOnly?: boolean;
  /** Changes the organisation's own settings: its owner or a platform administrator (viewers and members 403). */
  ownerOrAdminOnly?: boolean;
  /** The billing test pages act only with a Stripe test key (ADR 134): this app has none, so everyone gets 403. */
  disabledWithoutStripe?: boolean;
  payload?: Record<string, unknown>;
}

const ROUTES: Record<string, RouteRule> = {
  'GET /api/admin/access-requests': { access: 'admin' },
  'POST /api/admin/access-requests/:id/approve': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/access-requests/:id/reject': { access: 'admin', scope: 'admin-object' },
  'GET /api/admin/outbox': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin' },
  'GET /api/admin/users/:id': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/disable': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/enable': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/reset-mfa': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/revoke-sessions': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/unlock': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/users/:id/role': { access: 'admin', scope: 'admin-object', superAdminOnly: true, payload: { role: 'admin' } },
  'POST /api/admin/users/:id/partner': { access: 'admin', scope: 'admin-object', payload: { partner: true } },
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/admin/audit.csv': { access: 'admin' },
  'GET /api/admin/organizations': { access: 'admin' },
  'GET /api/admin/organizations/:id': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/organizations/:id/sso/lift-requirement': { access: 'super_admin', scope: 'admin-object', payload: { reason: 'Matrix' } },
  'GET /api/admin/inbox': { access: 'admin' },
  'PATCH /api/admin/inbox/:id': { access: 'admin', scope: 'admin-object', payload: { kind: 'help', status: 'closed' } },
  'GET /api/auth/user': { access: 'session' },
  'POST /api/auth/logout': { access: 'public' },
  'GET /api/login': { access: 'public' },
  'POST /api/auth/login': { access: 'public' },
  'POST /api/auth/register': { access: 'public' },
  'POST /api/request-password-reset': { access: 'public' },
  'POST /api/reset-password': { access: 'public' },
  'POST /api/auth/change-password': { access: 'user' },
  'GET /api/auth/sessions': { access: 'user' },
  'DELETE /api/auth/sessions/:id': { access: 'user', scope: 'own-session' },
  'POST /api/auth/sessions/revoke-others': { access: 'user' },
  'POST /api/consultations': { access: 'public' },
  'POST /api/client-errors': { access: 'public' },
  'GET /api/client-config': { access: 'public' },
  'GET /api/dev/super-admin-auth': { access: 'public' },
  'GET /api/mfa/status': { access: 'session' },
  'POST /api/mfa/totp/setup': { access: 'session' },
  'POST /api/mfa/totp/verify-setup': { access: 'session' },
  'POST /api/mfa/verify': { access: 'session' },
  'POST /api/mfa/totp/disable': { access: 'user' },
  'POST /api/mfa/backup-codes/regenerate': { access: 'user' },
  'POST /api/mfa/test': { access: 'user' },
  'POST /api/mfa/unlock': { access: 'public' },
  'GET /api/assessments': { access: 'user' },
  'POST /api/assessments': { access: 'user', viewerRefused: true },
  'POST /api/assessments/import': { access: 'user', viewerRefused: true },
  'POST /api/assessments/import/partner': { access: 'user' },
  'GET /api/assessments/:id': { access: 'user', scope: 'assessment' },
  'PATCH /api/assessments/:id': { access: 'user', scope: 'assessment', viewerRefused: true, payload: { title: 'Matrix' } },
  'POST /api/assessments/:id/complete': { access: 'user', scope: 'assessment', viewerRefused: true },
  'POST /api/assessments/:id/rename': { access: 'user', scope: 'assessment', viewerRefused: true, payload: { title: 'Matrix' } },
  'POST /api/assessments/:id/duplicate': { access: 'user', scope: 'assessment', viewerRefused: true },
  'POST /api/assessments/:id/scenarios': { access: 'user', scope: 'assessment', viewerRefused: true },
  'DELETE /api/assessments/:id': { access: 'user', scope: 'assessment', viewerRefused: true },
  'GET /api/organizations': { access: 'user' },
  'POST /api/organizations': { access: 'user', partnerOnly: true, payload: { name: 'Matrix Org' } },
  'POST /api/organizations/current': { access: 'user', scope: 'organization' },
  'GET /api/organizations/:id/members': { access: 'user', scope: 'organization' },
  'PATCH /api/organizations/:id/members/:userId': { access: 'user', scope: 'member', payload: { role: 'viewer' } },
  'DELETE /api/organizations/:id/members/:userId': { access: 'user', scope: 'member' },
  'POST /api/organizations/:id/invitations': { access: 'user', scope: 'organization', payload: { email: 'matrix@example.com' } },
  'DELETE /api/organizations/:id/invitations/:invitationId': { access: 'user', scope: 'invitation' },
  'GET /api/organizations/:id/audit': { access: 'user', scope: 'organization' },
  'POST /api/invitations/preview': { access: 'public' },
  'POST /api/invitations/accept': { access: 'user' },
  'POST /api/help/submit': { access: 'user' },
  // Board reports
  'GET /api/assessments/:id/report': { access: 'user', scope: 'assessment' },
  'GET /api/assessments/:id/report.pdf': { access: 'user', scope: 'assessment' },
  'GET /api/assessments/:id/report.pptx': { access: 'user', scope: 'assessment' },
  'GET /api/assessments/:id/workbook.xlsx': { access: 'user', scope: 'assessment' },
  'GET /api/assessments/:id/what-changed': { access: 'user', scope: 'assessment' },
  'GET /api/reports/latest': { access: 'user' },
  'GET /api/organization/logo': { access: 'user' },
  'GET /api/organization/logo/image': { access: 'user' },
  'PUT /api/organization/logo': { access: 'user', ownerOrAdminOnly: true },
  'DELETE /api/organization/logo': { access: 'user', ownerOrAdminOnly: true },
  // Assessment paths
  'POST /api/assessments/:id/refine': { access: 'user', scope: 'assessment', viewerRefused: true },
  'POST /api/assessments/:id/invite': { access: 'user', scope: 'assessment', viewerRefused: true, payload: { email: 'matrix@example.com' } },
  // Both figures of an assessment stored by an older model (ADR 105)
  'GET /api/assessments/:id/model-comparison': { access: 'user', scope: 'assessment' },
  // Billing
  'GET /api/billing/plans': { access: 'public' },
  'POST /api/billing/checkout': { access: 'public' },
  'GET /api/billing/checkout/:id': { access: 'public' },
  'POST /api/billing/webhook': { access: 'public' },
  'POST /api/billing/test/checkout': { access: 'super_admin', disabledWithoutStripe: true },
  'POST /api/billing/test/subscription-change': { access: 'super_admin', disabledWithoutStripe: true },
  'GET /api/billing/test/runs/:id': { access: 'super_admin', disabledWithoutStripe: true },
  'POST /api/billing/claim': { access: 'session' },
  'GET /api/billing/subscription': { access: 'session' },
  'POST /api/billing/portal': { access: 'session', mfaVerifiedOnly: true },
  'GET /api/admin/billing/organizations': { access: 'admin' },
  'GET /api/admin/billing/organizations/:id': { access: 'admin', scope: 'admin-object' },
  'POST /api/admin/billing/organizations/:id/subscription': { access: 'admin', scope: 'admin-object' },
  // Monitoring
  'GET /api/monitoring/trend': { access: 'user' },
  'GET /api/monitoring/plan': { access: 'user' },
  'GET /api/monitoring/schedule': { access: 'user' },
  'PUT /api/monitoring/schedule': { access: 'user', viewerRefused: true },
  'POST /api/monitoring/actions': { access: 'user', viewerRefused: true },
  'PATCH /api/monitoring/actions/:id': { access: 'user', viewerRefused: true },
  'POST /api/monitoring/rescore': { access: 'user', viewerRefused: true },
  'GET /api/monitoring/ops': { access: 'admin' },
  'GET /api/risk-profile': { access: 'user' },
  'PUT /api/risk-profile': { access: 'user', viewerRefused: true, payload: { policy: null, appetiteUsd: 250_000 } },
  'GET /api/risk-profile/assessments/:id/coverage': { access: 'user', scope: 'assessment' },
  // Single sign-on (ADR 225)
  'GET /api/organizations/:id/sso': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/sso': { access: 'user', scope: 'organization' },
  'PATCH /api/organizations/:id/sso/:connectionId': { access: 'user', scope: 'organization', payload: { required: true } },
  'DELETE /api/organizations/:id/sso/:connectionId': { access: 'user', scope: 'organization' },
  'GET /api/organizations/:id/webhooks': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/webhooks': { access: 'user', scope: 'organization', payload: { url: 'https://hooks.example.com/cifer', events: ['action.due'] } },
  'PATCH /api/organizations/:id/webhooks/:webhookId': { access: 'user', scope: 'organization', payload: { enabled: false } },
  'DELETE /api/organizations/:id/webhooks/:webhookId': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/webhooks/:webhookId/rotate-secret': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/webhooks/:webhookId/test': { access: 'user', scope: 'organization' },
  'GET /api/organizations/:id/webhooks/:webhookId/deliveries': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/sso/:connectionId/domains/:domainId/verify': { access: 'user', scope: 'organization' },
  'GET /api/admin/sso-domains': { access: 'super_admin' },
  'POST /api/admin/sso-domains/:domainId/approve': { access: 'super_admin', scope: 'admin-object' },
  'POST /api/auth/sso/start': { access: 'public' },
  'GET /api/auth/sso/callback': { access: 'public' },
  // Passkeys (ADR 226)
  'GET /api/passkeys': { access: 'user' },
  'POST /api/passkeys/registration/options': { access: 'user' },
  'POST /api/passkeys/registration/verify': { access: 'user' },
  'PATCH /api/passkeys/:id': { access: 'user', payload: { name: 'Matrix' } },
  'DELETE /api/passkeys/:id': { access: 'user' },
  'GET /api/mfa/passkeys': { access: 'session' },
  'POST /api/mfa/passkey/options': { access: 'session', totpEnrolledOnly: true },
  'POST /api/mfa/passkey/verify': { access: 'session' },
  'POST /api/auth/passkey/options': { access: 'public' },
  'POST /api/auth/passkey/login': { access: 'public' },
  // API tokens (ADR 228)
  'GET /api/account/tokens': { access: 'user' },
  'POST /api/account/tokens': { access: 'user', payload: { name: 'Matrix', scopes: ['read'] } },
  'DELETE /api/account/tokens/:tokenId': { access: 'user' },
  'GET /api/organizations/:id/tokens': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/tokens': { access: 'user', scope: 'organization', payload: { name: 'Matrix', scopes: ['read'] } },
  'DELETE /api/organizations/:id/tokens/:tokenId': { access: 'user', scope: 'organization' },
  // Assistants connected with OAuth (ADR 294): the consent page and /account
  'GET /api/oauth/requests/:requestId': { access: 'user' },
  'POST /api/oauth/requests/:requestId/decision': { access: 'user', payload: { decision: 'deny' } },
  'GET /api/account/assistants': { access: 'user' },
  'DELETE /api/account/assistants/:grantId': { access: 'user' },
  // SCIM tokens (ADR 296)
  'GET /api/organizations/:id/scim/tokens': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/scim/tokens': { access: 'user', scope: 'organization', payload: { name: 'Matrix' } },
  'DELETE /api/organizations/:id/scim/tokens/:tokenId': { access: 'user', scope: 'organization' },
  // Privacy rights (ADRs 232, 233)
  'GET /api/account/export': { access: 'user' },
  'POST /api/account/delete': { access: 'user', payload: { confirmEmail: 'not-the-caller@example.com' } },
  'GET /api/organizations/:id/deletion': { access: 'user', scope: 'organization' },
  'POST /api/organizations/:id/deletion': { access: 'user', scope: 'organization', payload: { confirmName: 'Matrix' } },
  'DELETE /api/organizations/:id/deletion': { access: 'user', scope: 'organization' },
  // The public API /api/v1 (ADR 228) and its documents
  'GET /api/v1/organizations': { access: 'user' },
  'GET /api/v1/assessments': { access: 'user' },
  'POST /api/v1/assessments': { access: 'user', viewerRefused: true },
  'GET /api/v1/assessments/:id': { access: 'user', scope: 'assessment' },
  'PATCH /api/v1/assessments/:id': { access: 'user', scope: 'assessment', viewerRefused: true, payload: { title: 'Matrix' } },
  'POST /api/v1/assessments/:id/complete': { access: 'user', scope: 'assessment', viewerRefused: true },
  'POST /api/v1/assessments/:id/duplicate': { access: 'user', scope: 'assessment', viewerRefused: true },
  'GET /api/v1/assessments/:id/result': { access: 'user', scope: 'assessment' },
  'POST /api/v1/assessments/:id/what-if': { access: 'user', scope: 'assessment', payload: { answers: { M1: 'best' } } },
  'GET /api/v1/assessments/:id/what-changed': { access: 'user', scope: 'assessment' },
  'GET /api/v1/assessments/:id/evidence': { access: 'user', scope: 'assessment' },
  'PATCH /api/v1/assessments/:id/evidence': { access: 'user', scope: 'assessment', viewerRefused: true, payload: { notes: { M1: 'Matrix' } } },
  'GET /api/v1/assessments/:id/report.pdf': { access: 'user', scope: 'assessment' },
  'GET /api/v1/assessments/:id/report.pptx': { access: 'user', scope: 'assessment' },
  'GET /api/v1/assessments/:id/workbook.xlsx': { access: 'user', scope: 'assessment' },
  'GET /api/v1/members': { access: 'user', ownerOrAdminOnly: true },
  'POST /api/v1/invitations': { access: 'user', ownerOrAdminOnly: true, payload: { email: 'matrix@example.com' } },
  'DELETE /api/v1/invitations/:invitationId': { access: 'user', ownerOrAdminOnly: true },
  'PATCH /api/v1/members/:userId': { access: 'user', ownerOrAdminOnly: true, payload: { role: 'viewer' } },
  'DELETE /api/v1/members/:userId': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/audit-log': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/audit-log.csv': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/webhooks': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/webhooks/:webhookId/deliveries': { access: 'user', ownerOrAdminOnly: true },
  'POST /api/v1/webhooks/:webhookId/test': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/sso': { access: 'user', ownerOrAdminOnly: true },
  'GET /api/v1/monitoring/trend': { access: 'user' },
  'GET /api/v1/monitoring/plan': { access: 'user' },
  'GET /api/v1/openapi.json': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/assets/:file': { access: 'public' },
};

const CALLERS = ['visitor', 'password-only', 'viewer', 'member', 'owner', 'admin', 'super_admin'] as const;
type CallerKind = (typeof CALLERS)[number];

let t: TestApp;
let other: { organizationId: string; assessmentId: string; memberId: string; invitationId: string; sessionId: string };

beforeAll(async () => {
  t = await createTestApp();
  const otherOwner = await createCaller(t);
  const created = await send(t, 'POST', '/api/assessments', otherOwner.cookie, { title: 'Other organisation' });
  const [invitation] = await t.app.db
    .insert(invitations)
    .values({ organizationId: otherOwner.homeOrganizationId, email: 'other@example.com', tokenHash: randomUUID(), expiresAt: new Date(t.clock.now().getTime() + 86_400_000) })
    .returning();
  other = {
    organizationId: otherOwner.homeOrganizationId,
    assessmentId: created.json<{ id: string }>().id,
    memberId: otherOwner.userId,
    invitationId: invitation!.id,
    // The public handle of another user's session (see features/auth/session-handle.ts).
    sessionId: hashToken(`session-handle:${sessionIdOf(otherOwner.cookie)}`).slice(0, 32),
  };
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function createCallerOfKind(kind: CallerKind): Promise<Caller | null> {
  if (kind === 'visitor') return null;
  if (kind === 'admin' || kind === 'super_admin') return createCaller(t, { role: kind });
  if (kind === 'owner') return createCaller(t);
  if (kind === 'password-only') {
    const caller = await createCaller(t);
    await t.app.db.update(userMfa).set({ totpEnabledAt: null, totpSecretEnc: null }).where(eq(userMfa.userId, caller.userId));
    await t.app.db.update(sessions).set({ mfaVerifiedAt: null }).where(eq(sessions.id, sessionIdOf(caller.cookie)));
    return caller;
  }
  const shared = await createOrganizationRow(t);
  return createCaller(t, { organizationId: shared, organizationRole: kind });
}

function fillUrl(url: string, scope: Scope | undefined): string {
  const ids: Record<string, string> =
    scope === 'assessment'
      ? { id: other.assessmentId }
      : scope === 'own-session'
        ? { id: other.sessionId }
        : scope === 'admin-object'
          ? { id: randomUUID() }
          : { id: other.organizationId, userId: other.memberId, invitationId: other.invitationId };
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => ids[name] ?? randomUUID());
}

function payloadFor(key: string, rule: RouteRule): Record<string, unknown> | undefined {
  if (key.startsWith('GET ') || key.startsWith('DELETE ')) return undefined;
  if (key === 'POST /api/organizations/current') return { organizationId: other.organizationId };
  return rule.payload ?? {};
}

/** What the table says this caller gets: an exact status, or 'allowed' (anything but 401 and 403). */
function expected(rule: RouteRule, kind: CallerKind): number | 'allowed' {
  if (rule.access === 'public') return rule.disabledWithoutStripe ? 403 : 'allowed';
  if (kind === 'visitor') return 401;
  // Past the access check, a route that needs Stripe refuses everyone on a deployment without it.
  if (rule.disabledWithoutStripe && !(rule.access === 'super_admin' && kind !== 'super_admin')) return 403;
  if (rule.access === 'session') return (rule.mfaVerifiedOnly || rule.totpEnrolledOnly) && kind === 'password-only' ? 403 : 'allowed';
  if (kind === 'password-only') return 403;
  const isAdmin = kind === 'admin' || kind === 'super_admin';
  if (rule.access === 'admin' && !isAdmin) return 403;
  if (rule.access === 'super_admin' && kind !== 'super_admin') return 403;
  if (rule.superAdminOnly && kind !== 'super_admin') return 403;
  if (rule.viewerRefused && kind === 'viewer') return 403;
  if (rule.ownerOrAdminOnly && (kind === 'viewer' || kind === 'member')) return 403;
  if (rule.partnerOnly) return 403;
  if (rule.scope && rule.scope !== 'admin-object') return 404;
  return 'allowed';
}

test('the matrix lists exactly the registered routes with their declared access', () => {
  const registered = Object.fromEntries(t.app.registeredApiRoutes.map((route) => [`${route.method} ${route.url}`, route.access]));
  const declared = Object.fromEntries(Object.entries(ROUTES).map(([key, rule]) => [key, rule.access]));
  expect(registered).toEqual(declared);
});

describe('role × route × membership', () => {
  for (const [key, rule] of Object.entries(ROUTES)) {
    test(`AC-01 ${key}`, async () => {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
      let n = 0;
      for (const kind of CALLERS) {
        n += 1;
        const caller = await createCallerOfKind(kind);
        const response = await send(t, method, fillUrl(url, rule.scope), caller?.cookie ?? null, payloadFor(key, rule), `10.55.${Object.keys(ROUTES).indexOf(key)}.${n}`);
        const want = expected(rule, kind);
        const label = `${kind} → ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (want === 'allowed') expect([401, 403], label).not.toContain(response.statusCode);
        else expect(response.statusCode, label).toBe(want);
      }
    }, 60_000);
  }
});
