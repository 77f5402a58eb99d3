import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireOwnerOrNotFound } from '../../sessions/organization-owner.ts';
import { findEndpointOf, type EndpointRow } from './endpoint-store.ts';

/** The organisation's owner only (sessions/organization-owner.ts), then the endpoint of that organisation (404 for another organisation's). */
export async function requireOwnedEndpoint(
  db: Database,
  auth: AuthContext,
  organizationId: string,
  endpointId: string,
): Promise<EndpointRow> {
  await requireOwnerOrNotFound(db, auth, organizationId);
  const endpoint = await findEndpointOf(db, organizationId, endpointId);
  if (!endpoint) throw new AppError('not_found', 'Webhook not found');
  return endpoint;
}
