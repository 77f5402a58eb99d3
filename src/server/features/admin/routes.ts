import type { FastifyInstance } from 'fastify';
import { decideAccessRequest, listAccessRequests } from './access-requests.ts';
import { exportAuditCsv, queryAudit } from './audit-log.ts';
import { getOrganization, listOrganizations } from './organizations.ts';
import { listOutbox } from './outbox.ts';
import { changeUserRole, disableUser, enableUser, resetUserTwoFactor, revokeUserSessions, setPartner, unlockUser } from './user-actions.ts';
import { getUserDetail, listUsers } from './users.ts';

/** Administration: access requests, the e-mail outbox, account management and the audit log (admins with an MFA-complete session). */
export async function adminRoutes(app: FastifyInstance) {
  const admin = { config: { access: 'admin' } } as const;
  app.get('/api/admin/access-requests', admin, listAccessRequests);
  app.post('/api/admin/access-requests/:id/approve', admin, (request) => decideAccessRequest(request, 'approved'));
  app.post('/api/admin/access-requests/:id/reject', admin, (request) => decideAccessRequest(request, 'rejected'));
  app.get('/api/admin/outbox', admin, listOutbox);

  app.get('/api/admin/users', admin, listUsers);
  app.get('/api/admin/users/:id', admin, getUserDetail);
  app.post('/api/admin/users/:id/disable', admin, disableUser);
  app.post('/api/admin/users/:id/enable', admin, enableUser);
  app.post('/api/admin/users/:id/reset-mfa', admin, resetUserTwoFactor);
  app.post('/api/admin/users/:id/revoke-sessions', admin, revokeUserSessions);
  app.post('/api/admin/users/:id/unlock', admin, unlockUser);
  app.post('/api/admin/users/:id/role', admin, changeUserRole);
  app.post('/api/admin/users/:id/partner', admin, setPartner);

  app.get('/api/admin/audit', admin, queryAudit);
  app.get('/api/admin/audit.csv', admin, exportAuditCsv);

  app.get('/api/admin/organizations', admin, listOrganizations);
  app.get('/api/admin/organizations/:id', admin, getOrganization);
}
