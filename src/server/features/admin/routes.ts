import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  AccessDecisionInputSchema,
  AccessDecisionResponseSchema,
  AccessRequestIdParamsSchema,
  AccessRequestListQuerySchema,
  AdminAccessRequestListSchema,
  AdminActionResponseSchema,
  AdminAuditPageSchema,
  AdminOrganizationDetailSchema,
  AdminOrganizationIdParamsSchema,
  AdminOrganizationListQuerySchema,
  AdminOrganizationListSchema,
  AdminOutboxListSchema,
  AdminUserDetailSchema,
  AdminUserIdParamsSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AuditQuerySchema,
  ChangeRoleInputSchema,
  EmptyAdminBodySchema,
  LiftSsoRequirementInputSchema,
  OutboxListQuerySchema,
  SetPartnerInputSchema,
  type AdminActionResponse,
} from '@/contracts/admin.ts';
import { auditFor } from '../../lib/audit.ts';
import { parseInput, rejectInvalidInput } from '../../lib/validation.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { listAccessRequests } from './access-requests.ts';
import type { AccountActionOptions } from './account-target.ts';
import { queryAudit } from './audit-log.ts';
import { changeUserRole, requireSuperAdminToChangeRoles } from './change-user-role.ts';
import { decideAccessRequest } from './decide-access-request.ts';
import { disableUser } from './disable-user.ts';
import { enableUser } from './enable-user.ts';
import { exportAuditCsv } from './export-audit-csv.ts';
import { liftSsoRequirement } from './lift-sso-requirement.ts';
import { getOrganization, listOrganizations } from './organizations.ts';
import { listOutbox } from './outbox.ts';
import { resetUserTwoFactor } from './reset-user-two-factor.ts';
import { revokeUserSessions } from './revoke-user-sessions.ts';
import { setPartner } from './set-partner.ts';
import { unlockUser } from './unlock-user.ts';
import { getUserDetail, listUsers } from './users.ts';

/** Administration: access requests, the e-mail outbox, account management, organisations and the audit log (admins with an MFA-complete session). */
const admin = { access: 'admin' } as const;
const done = { 200: AdminActionResponseSchema };

/** Administration: access requests, the e-mail outbox, account management, organisations and the audit log (admins with an MFA-complete session). */
export async function adminRoutes(fastify: FastifyInstance) {
  adminQueueRoutes(fastify);
  adminAccountRoutes(fastify);
  adminAccountActionRoutes(fastify);
  adminRecordRoutes(fastify);
}

/** What every account action takes (account-target.ts); the account id is read from the route. */
const accountActionOptionsOf = (app: FastifyInstance) => (request: FastifyRequest, targetId: string): AccountActionOptions => ({
  db: app.db,
  auth: requireAuth(request),
  targetId,
  route: request.routeOptions.url,
  now: app.now(),
  audit: auditFor(request),
});

/**
 * The account actions read their body before their account id, so a caller who is not a super
 * admin is refused a role change, and audited, whatever the id (change-user-role.ts). Fastify
 * checks the id first and then leaves the body unread, so these routes attach their validation
 * (ADR 064, 210): when the id failed, the body is read here and its 400 still comes first; the
 * id's 400 waits for `rejectInvalidInput`.
 */
const bodyBeforeId = <T>(request: FastifyRequest, schema: ZodType<T>, validated: T): T => {
  if (request.validationError?.validationContext === 'params') return parseInput(schema, request.body);
  rejectInvalidInput(request);
  return validated;
};

/** Access requests waiting for a decision, and the e-mail outbox. */
function adminQueueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const decisionSchema = { params: AccessRequestIdParamsSchema, body: AccessDecisionInputSchema, response: { 200: AccessDecisionResponseSchema } };
  const decide = (path: string, decision: 'approved' | 'rejected') =>
    app.post(path, { config: admin, schema: decisionSchema }, async (request) => {
      const auth = requireAuth(request);
      return decideAccessRequest({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, auth, id: request.params.id, decision, input: request.body, now: app.now(), audit: auditFor(request) });
    });

  const accessRequestsSchema = { querystring: AccessRequestListQuerySchema, response: { 200: AdminAccessRequestListSchema } };
  app.get('/api/admin/access-requests', { config: admin, schema: accessRequestsSchema }, async (request) => listAccessRequests({ db: app.db, status: request.query.status }));
  decide('/api/admin/access-requests/:id/approve', 'approved');
  decide('/api/admin/access-requests/:id/reject', 'rejected');
  const outboxSchema = { querystring: OutboxListQuerySchema, response: { 200: AdminOutboxListSchema } };
  app.get('/api/admin/outbox', { config: admin, schema: outboxSchema }, async (request) => listOutbox({ db: app.db, limit: request.query.limit }));
}

/** The accounts list and one account's detail. */
function adminAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const usersSchema = { querystring: AdminUserListQuerySchema, response: { 200: AdminUserListSchema } };
  app.get('/api/admin/users', { config: admin, schema: usersSchema }, async (request) => listUsers({ db: app.db, query: request.query, now: app.now() }));
  const userSchema = { params: AdminUserIdParamsSchema, response: { 200: AdminUserDetailSchema } };
  app.get('/api/admin/users/:id', { config: admin, schema: userSchema }, async (request) => getUserDetail({ db: app.db, id: request.params.id, now: app.now() }));
}

/** What an admin does to one account: disable, enable, reset two-factor, revoke sessions, unlock, role, partner. */
function adminAccountActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accountActionOptions = accountActionOptionsOf(app);

  /** The account actions without a body of their own: an empty body is checked first, then the account id. */
  const emptyBodySchema = { params: AdminUserIdParamsSchema, body: EmptyAdminBodySchema, response: done };
  const emptyBodyAction = (path: string, action: (options: AccountActionOptions) => Promise<AdminActionResponse>) =>
    app.post(path, { config: admin, schema: emptyBodySchema, attachValidation: true }, async (request) => {
      bodyBeforeId(request, EmptyAdminBodySchema, request.body);
      rejectInvalidInput(request);
      return action(accountActionOptions(request, request.params.id));
    });
  emptyBodyAction('/api/admin/users/:id/disable', disableUser);
  emptyBodyAction('/api/admin/users/:id/enable', enableUser);
  emptyBodyAction('/api/admin/users/:id/reset-mfa', (options) => resetUserTwoFactor({ ...options, mailer: app.mailer, appUrl: app.env.APP_URL }));
  emptyBodyAction('/api/admin/users/:id/revoke-sessions', revokeUserSessions);
  emptyBodyAction('/api/admin/users/:id/unlock', unlockUser);

  const roleSchema = { params: AdminUserIdParamsSchema, body: ChangeRoleInputSchema, response: done };
  app.post('/api/admin/users/:id/role', { config: admin, schema: roleSchema, attachValidation: true }, async (request) => {
    const { role } = bodyBeforeId(request, ChangeRoleInputSchema, request.body);
    await requireSuperAdminToChangeRoles({ auth: requireAuth(request), role, audit: auditFor(request) });
    rejectInvalidInput(request);
    return changeUserRole({ ...accountActionOptions(request, request.params.id), role });
  });
  const partnerSchema = { params: AdminUserIdParamsSchema, body: SetPartnerInputSchema, response: done };
  app.post('/api/admin/users/:id/partner', { config: admin, schema: partnerSchema, attachValidation: true }, async (request) => {
    const { partner } = bodyBeforeId(request, SetPartnerInputSchema, request.body);
    rejectInvalidInput(request);
    return setPartner({ ...accountActionOptions(request, request.params.id), partner });
  });
}

/** The audit log, organisations, and support lifting "SSO required". */
function adminRecordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/admin/audit', { config: admin, schema: { querystring: AuditQuerySchema, response: { 200: AdminAuditPageSchema } } }, async (request) => queryAudit({ db: app.db, query: request.query }));
  // A file: its query is declared, its answer is not (ADR 210).
  app.get('/api/admin/audit.csv', { config: admin, schema: { querystring: AuditQuerySchema } }, async (request, reply) => {
    const { csv, fileName } = await exportAuditCsv({ db: app.db, query: request.query, now: app.now(), audit: auditFor(request) });
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  });

  const organizationsSchema = { querystring: AdminOrganizationListQuerySchema, response: { 200: AdminOrganizationListSchema } };
  app.get('/api/admin/organizations', { config: admin, schema: organizationsSchema }, async (request) => listOrganizations({ db: app.db, query: request.query }));
  const organizationSchema = { params: AdminOrganizationIdParamsSchema, response: { 200: AdminOrganizationDetailSchema } };
  app.get('/api/admin/organizations/:id', { config: admin, schema: organizationSchema }, async (request) => getOrganization({ db: app.db, id: request.params.id }));

  // Support lifts "SSO required" for an organisation locked out of its identity provider (ADR 227): super admins only.
  const liftSsoSchema = { params: AdminOrganizationIdParamsSchema, body: LiftSsoRequirementInputSchema, response: done };
  app.post('/api/admin/organizations/:id/sso/lift-requirement', { config: { access: 'super_admin' }, schema: liftSsoSchema }, async (request) =>
    liftSsoRequirement({
      db: app.db,
      mailer: app.mailer,
      appUrl: app.env.APP_URL,
      auth: requireAuth(request),
      organizationId: request.params.id,
      reason: request.body.reason,
      now: app.now(),
      audit: auditFor(request),
    }),
  );
}
