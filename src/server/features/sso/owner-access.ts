import { AppError } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { findConnectionOf, findRoleIn, type ConnectionWithDomains } from './connection-store.ts';

const ORGANIZATION_NOT_FOUND = 'Organisation not found';

/**
 * Only an owner sees or changes an organisation's sign-in settings. Anyone else, a member of it
 * included, gets the same 404 as for an organisation that does not exist: whether it uses SSO,
 * and with which provider, is the owner's business.
 */
export async function requireOwner(db: Database, auth: AuthContext, organizationId: string): Promise<void> {
  const role = await findRoleIn(db, { id: auth.user.id, homeOrganizationId: auth.user.homeOrganizationId }, organizationId);
  if (role !== 'owner') throw new AppError('not_found', ORGANIZATION_NOT_FOUND);
}

/** requireOwner, then the connection of that organisation (404 for another organisation's). */
export async function requireOwnedConnection(db: Database, auth: AuthContext, organizationId: string, connectionId: string): Promise<ConnectionWithDomains> {
  await requireOwner(db, auth, organizationId);
  const connection = await findConnectionOf(db, organizationId, connectionId);
  if (!connection) throw new AppError('not_found', 'SSO connection not found');
  return connection;
}
