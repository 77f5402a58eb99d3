import { AppError } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { findConnectionOf, type ConnectionWithDomains } from './connection-store.ts';

/** The organisation's owner only (sessions/organization-owner.ts), then the connection of that organisation (404 for another organisation's). */
export async function requireOwnedConnection(db: Database, auth: AuthContext, organizationId: string, connectionId: string): Promise<ConnectionWithDomains> {
  await requireOwnerOrNotFound(db, auth, organizationId);
  const connection = await findConnectionOf(db, organizationId, connectionId);
  if (!connection) throw new AppError('not_found', 'SSO connection not found');
  return connection;
}
