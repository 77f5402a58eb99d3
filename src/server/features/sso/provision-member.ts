import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import { passwordHasher } from '../../lib/passwords.ts';
import { upsertMembership } from '../../sessions/revocation.ts';
import type { ConnectionRow } from './connection-store.ts';
import { defaultRoleOf } from './connection-view.ts';
import type { DirectoryPerson } from './directory-claims.ts';
import { findAccountByEmail, hasMembership, insertSsoAccount } from './member-store.ts';
import { SsoSignInFailure } from './sign-in-failure.ts';

/** A hash of 32 random bytes nobody ever sees: the account has a password column but no usable password. */
export async function unusablePasswordHash(): Promise<string> {
  return passwordHasher.hash(randomBytes(32).toString('base64url'));
}

/**
 * Just-in-time membership (ADR 225): the person the provider vouched for, made a member of the
 * connection's organisation with its default role. A new address becomes an active account whose
 * home is that organisation; an existing account joins it (never losing a role it already holds
 * there). A disabled, rejected or pending account is refused.
 */
export async function provisionMember(options: { db: Database; connection: ConnectionRow; person: DirectoryPerson; now: Date; audit: Audit }): Promise<{ userId: string }> {
  const { db, connection, person, now, audit } = options;
  const organizationId = connection.organizationId;
  const where = { connectionId: connection.id, organizationId };
  const role = defaultRoleOf(connection.defaultRole);

  let account = await findAccountByEmail(db, person.email);
  if (!account) {
    const created = await insertSsoAccount(db, { ...person, passwordHash: await unusablePasswordHash(), organizationId, ssoConnectionId: connection.id, role }, now);
    if (created) {
      await audit({ action: 'sso.user_created', actorUserId: created, targetUserId: created, organizationId, details: { connectionId: connection.id, role } });
      return { userId: created };
    }
    account = await findAccountByEmail(db, person.email);
    if (!account) throw new SsoSignInFailure('account_disabled', 'account_vanished', where);
  }
  if (account.status !== 'active') throw new SsoSignInFailure('account_disabled', `status_${account.status}`, where);
  // The home organisation is the account's own (owner without a row): never add a lesser row there.
  if (account.homeOrganizationId !== organizationId && !(await hasMembership(db, account.id, organizationId))) {
    await upsertMembership(db, account.id, organizationId, role, now);
    await audit({ action: 'sso.membership_created', actorUserId: account.id, targetUserId: account.id, organizationId, details: { connectionId: connection.id, role } });
  }
  return { userId: account.id };
}
