import { and, count, eq, ne } from 'drizzle-orm';
import type { DeleteAccountInput } from '@/contracts/privacy.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { eraseAccount } from '../../sessions/erasure.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import {
  deletePersonalMessages,
  pseudonymFor,
  pseudonymiseAnswerProvenance,
  pseudonymiseOrganizationAudit,
  pseudonymiseUserAudit,
  readOwnedOrganizations,
  type OwnedOrganization,
} from './erasure-repository.ts';

/**
 * Which owned organisations go with the account, or why the account cannot go yet (ADR 233): an
 * organisation is handed over (another owner) or deleted first when anyone else belongs to it, or
 * when it is not the home organisation and still holds assessments. One only this person uses
 * (their home, or an empty one) is erased with them.
 */
function organizationsToErase(owned: OwnedOrganization[]): string[] {
  const blocking = owned.filter((organization) => organization.otherOwners === 0 && (organization.otherMembers > 0 || (!organization.isHome && organization.assessments > 0)));
  if (blocking.length > 0) {
    const names = blocking.map((organization) => `“${organization.name}”`).join(', ');
    throw new AppError('conflict', `You are the only owner of ${names}. Make another member an owner, or delete the organisation in Organisations, before deleting your account.`);
  }
  return owned.filter((organization) => organization.otherOwners === 0).map((organization) => organization.id);
}

async function refuseLastSuperAdmin(db: Database, auth: AuthContext): Promise<void> {
  if (auth.user.role !== 'super_admin') return;
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.status, 'active'), ne(users.id, auth.user.id)));
  if ((others?.n ?? 0) === 0) throw new AppError('conflict', 'You are the last super administrator. Make someone else a super administrator before deleting your account.');
}

/**
 * Deletes the signed-in person's account (ADR 233): a fresh second factor and their e-mail typed
 * again; every session ends on every instance; what names them is deleted or pseudonymised in one
 * transaction; one security-log row records the deletion under the pseudonym.
 */
export async function deleteAccount(options: { db: Database; auth: AuthContext; input: DeleteAccountInput; now: Date }): Promise<{ message: string }> {
  const { db, auth, now } = options;
  requireFreshVerification(auth, now);
  if (options.input.confirmEmail.toLowerCase() !== auth.user.email.toLowerCase()) {
    throw new AppError('bad_request', 'The e-mail address does not match your account.', { issues: [{ path: 'confirmEmail', message: 'Type the e-mail address you sign in with' }] });
  }
  await refuseLastSuperAdmin(db, auth);
  const organizationIds = organizationsToErase(await readOwnedOrganizations(db, auth.user));
  const person = { id: auth.user.id, email: auth.user.email };
  await eraseAccount(db, person.id, organizationIds, async (tx) => {
    await pseudonymiseUserAudit(tx, person);
    await deletePersonalMessages(tx, person);
    await pseudonymiseAnswerProvenance(tx, person.id, now);
    for (const organizationId of organizationIds) await pseudonymiseOrganizationAudit(tx, organizationId);
  });
  await recordAudit(db, now, { action: 'account.deleted', ip: null, details: { target: pseudonymFor('user', person.id), organizationsErased: organizationIds.length } });
  return { message: 'Your account and personal data have been deleted.' };
}
