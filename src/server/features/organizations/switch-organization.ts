import type { OrganizationRole } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { selectSessionOrganization } from '../../sessions/revocation.ts';
import { requireMemberOf } from './organization-access.ts';

/** POST /api/organizations/current: this session works in another organisation the caller belongs to (404 otherwise). */
export async function switchOrganization(options: { db: Database; auth: AuthContext; organizationId: string; audit: Audit }): Promise<{ message: string; organizationId: string; role: OrganizationRole }> {
  const { db, auth, organizationId, audit } = options;
  const role = await requireMemberOf(db, auth, organizationId);
  await selectSessionOrganization(db, auth.session.id, auth.user.id, organizationId === auth.user.homeOrganizationId ? null : organizationId);
  await audit({ action: 'organization.switched', targetUserId: auth.user.id, organizationId, details: { before: auth.user.organizationId, after: organizationId } });
  return { message: 'Organisation switched', organizationId, role };
}
