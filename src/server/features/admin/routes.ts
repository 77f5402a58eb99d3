import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccessDecisionInputSchema,
  AccessRequestIdParamsSchema,
  AccessRequestListQuerySchema,
  AdminOrganizationIdParamsSchema,
  AdminOrganizationListQuerySchema,
  AdminUserIdParamsSchema,
  AdminUserListQuerySchema,
  AuditQuerySchema,
  ChangeRoleInputSchema,
  EmptyAdminBodySchema,
  OutboxListQuerySchema,
  SetPartnerInputSchema,
  type AdminActionResponse,
} from '@/contracts/admin.ts';
import { auditFor } from '../../lib/audit.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAuth } from '../../sessions/auth-context.ts';
import { listAccessRequests } from './access-requests.ts';
import type { AccountActionOptions } from './account-target.ts';
import { queryAudit } from './audit-log.ts';
import { changeUserRole, requireSuperAdminToChangeRoles } from './change-user-role.ts';
import { decideAccessRequest } from './decide-access-request.ts';
import { disableUser } from './disable-user.ts';
import { enableUser } from './enable-user.ts';
import { exportAuditCsv } from './export-audit-csv.ts';
import { getOrganization, listOrganizations } from './organizations.ts';
import { listOutbox } from './outbox.ts';
import { resetUserTwoFactor } from './reset-user-two-factor.ts';
import { revokeUserSessions } from './revoke-user-sessions.ts';
import { setPartner } from './set-partner.ts';
import { unlockUser } from './unlock-user.ts';
import { getUserDetail, listUsers } from './users.ts';

/** Administration: access requests, the e-mail outbox, account management and the audit log (admins with an MFA-complete session). */
export async function adminRoutes(app: FastifyInstance) {
  const admin = { config: { access: 'admin' } } as const;

  /** What every account action takes (account-target.ts); the account id is read from the route. */
  const accountActionOptions = (request: FastifyRequest): AccountActionOptions => ({
    db: app.db,
    auth: requireAuth(request),
    targetId: parseInput(AdminUserIdParamsSchema, request.params).id,
    route: request.routeOptions.url,
    now: app.now(),
    audit: auditFor(request),
  });

  const decide = (decision: 'approved' | 'rejected') => async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const { id } = parseInput(AccessRequestIdParamsSchema, request.params);
    const input = parseInput(AccessDecisionInputSchema, request.body ?? {});
    return decideAccessRequest({ db: app.db, mailer: app.mailer, appUrl: app.env.APP_URL, auth, id, decision, input, now: app.now(), audit: auditFor(request) });
  };

  app.get('/api/admin/access-requests', admin, async (request) => listAccessRequests({ db: app.db, status: parseInput(AccessRequestListQuerySchema, request.query).status }));
  app.post('/api/admin/access-requests/:id/approve', admin, decide('approved'));
  app.post('/api/admin/access-requests/:id/reject', admin, decide('rejected'));
  app.get('/api/admin/outbox', admin, async (request) => listOutbox({ db: app.db, limit: parseInput(OutboxListQuerySchema, request.query).limit }));

  app.get('/api/admin/users', admin, async (request) => listUsers({ db: app.db, query: parseInput(AdminUserListQuerySchema, request.query), now: app.now() }));
  app.get('/api/admin/users/:id', admin, async (request) => getUserDetail({ db: app.db, id: parseInput(AdminUserIdParamsSchema, request.params).id, now: app.now() }));

  /** The account actions without a body of their own: an empty body is checked first, then the account id. */
  const emptyBodyAction = (path: string, action: (options: AccountActionOptions) => Promise<AdminActionResponse>) =>
    app.post(path, admin, async (request): Promise<AdminActionResponse> => {
      parseInput(EmptyAdminBodySchema, request.body ?? {});
      return action(accountActionOptions(request));
    });
  emptyBodyAction('/api/admin/users/:id/disable', disableUser);
  emptyBodyAction('/api/admin/users/:id/enable', enableUser);
  emptyBodyAction('/api/admin/users/:id/reset-mfa', (options) => resetUserTwoFactor({ ...options, mailer: app.mailer, appUrl: app.env.APP_URL }));
  emptyBodyAction('/api/admin/users/:id/revoke-sessions', revokeUserSessions);
  emptyBodyAction('/api/admin/users/:id/unlock', unlockUser);

  app.post('/api/admin/users/:id/role', admin, async (request): Promise<AdminActionResponse> => {
    const { role } = parseInput(ChangeRoleInputSchema, request.body);
    await requireSuperAdminToChangeRoles({ auth: requireAuth(request), role, audit: auditFor(request) });
    return changeUserRole({ ...accountActionOptions(request), role });
  });
  app.post('/api/admin/users/:id/partner', admin, async (request): Promise<AdminActionResponse> => {
    const { partner } = parseInput(SetPartnerInputSchema, request.body);
    return setPartner({ ...accountActionOptions(request), partner });
  });

  app.get('/api/admin/audit', admin, async (request) => queryAudit({ db: app.db, query: parseInput(AuditQuerySchema, request.query) }));
  app.get('/api/admin/audit.csv', admin, async (request, reply) => {
    const query = parseInput(AuditQuerySchema, request.query);
    const { csv, fileName } = await exportAuditCsv({ db: app.db, query, now: app.now(), audit: auditFor(request) });
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  });

  app.get('/api/admin/organizations', admin, async (request) => listOrganizations({ db: app.db, query: parseInput(AdminOrganizationListQuerySchema, request.query) }));
  app.get('/api/admin/organizations/:id', admin, async (request) => getOrganization({ db: app.db, id: parseInput(AdminOrganizationIdParamsSchema, request.params).id }));
}
