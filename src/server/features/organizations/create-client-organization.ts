import type { MyOrganization } from '@/contracts/organizations.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { countOwnedOrganizations, insertClientOrganization } from './organization-repository.ts';

/** A partner looking after many clinics is expected; this only stops runaway creation. */
export const MAX_OWNED_ORGANIZATIONS = 500;

/** POST /api/organizations: an approved partner (ADR 141) creates a client organisation they own. */
export async function createClientOrganization(options: { db: Database; user: AuthContext['user']; name: string; now: Date; audit: Audit }): Promise<MyOrganization> {
  const { db, user, name, now, audit } = options;
  if (!user.isPartner) throw new AppError('forbidden', 'Only approved partners can create client organisations');
  if ((await countOwnedOrganizations(db, user.id)) >= MAX_OWNED_ORGANIZATIONS) {
    throw new AppError('conflict', `You already own ${MAX_OWNED_ORGANIZATIONS} organisations. Contact support to raise the limit.`);
  }
  const organization = await insertClientOrganization(db, user.id, name, now);
  await audit({ action: 'organization.created', targetUserId: user.id, organizationId: organization.id, details: { name } });
  return { ...organization, role: 'owner', isHome: false, isCurrent: false };
}
