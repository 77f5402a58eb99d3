import type { AdminActionResponse } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import { ssoRequirementLiftedEmail } from './admin-mail.ts';
import { findOrganization } from './organization-repository.ts';
import { clearRequiredSso, findSsoState, listActiveOwners } from './sso-requirement-repository.ts';

export interface LiftSsoRequirementOptions {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  /** The super admin acting (the route is declared `super_admin`). */
  auth: AuthContext;
  organizationId: string;
  reason: string;
  now: Date;
  audit: Audit;
}

/**
 * POST /api/admin/organizations/:id/sso/lift-requirement: support lets an organisation locked out
 * of its own identity provider back in with password and two-factor (ADR 227). It weakens the
 * organisation's sign-in, so the super admin confirms with a fresh code of their own, as for a
 * two-factor reset (sessions/step-up.ts); the owners are told by e-mail, in the same transaction
 * as the change.
 */
export async function liftSsoRequirement(options: LiftSsoRequirementOptions): Promise<AdminActionResponse> {
  const { db, mailer, appUrl, auth, organizationId, reason, now, audit } = options;
  const organization = await findOrganization(db, organizationId);
  if (!organization) throw new AppError('not_found', 'Organisation not found');
  const state = await findSsoState(db, organizationId);
  if (state === 'none') throw new AppError('not_found', 'This organisation has no single sign-on connection');
  if (state === 'optional') throw new AppError('conflict', 'Single sign-on is not required for this organisation');
  requireFreshVerification(auth, now);

  const result = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const connections = await clearRequiredSso(txDb, organizationId, now);
    if (connections.length === 0) return null;
    const owners = await listActiveOwners(txDb, organizationId);
    for (const owner of owners) {
      await mailer.send(ssoRequirementLiftedEmail(owner.email, appUrl, { firstName: owner.firstName, organizationName: organization.name, reason }), { db: txDb });
    }
    return { connections, ownersTold: owners.length };
  });
  // Lifted by a concurrent call between the read above and this write.
  if (!result) throw new AppError('conflict', 'Single sign-on is not required for this organisation');

  await audit({
    action: 'admin.sso_requirement_lifted',
    organizationId,
    details: { reason, connections: result.connections, before: { required: true }, after: { required: false }, ownersTold: result.ownersTold },
  });
  return { message: `Single sign-on is no longer required for ${organization.name}; ${result.ownersTold} owner${result.ownersTold === 1 ? '' : 's'} told by e-mail` };
}
