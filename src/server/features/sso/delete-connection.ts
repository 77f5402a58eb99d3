import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import { deleteConnection } from './connection-store.ts';
import type { ConnectionWithDomains } from './connection-store.ts';

/**
 * DELETE /api/organizations/:id/sso/:connectionId: its domains and sign-ins in flight go with it.
 * Members it created stay members (their accounts just lose the SSO mark); with no connection
 * left they sign in with a password reset.
 */
export async function removeConnection(options: { db: Database; connection: ConnectionWithDomains; audit: Audit }): Promise<{ message: string }> {
  const { db, connection, audit } = options;
  await deleteConnection(db, connection.id);
  await audit({ action: 'sso.connection_deleted', organizationId: connection.organizationId, details: { connectionId: connection.id, name: connection.name, domains: connection.domains.map((row) => row.domain) } });
  return { message: `SSO connection "${connection.name}" deleted` };
}
