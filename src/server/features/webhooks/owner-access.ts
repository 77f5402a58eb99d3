import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { findEndpointOf, isOwnerOf, type EndpointRow } from './endpoint-store.ts';

/**
 * Only an owner sees or changes an organisation's webhooks: they send its data out. Anyone else,
 * a member of it included, gets the 404 of an organisation that does not exist.
 */
export async function requireWebhookOwner(db: Database, auth: AuthContext, organizationId: string): Promise<void> {
  if (!(await isOwnerOf(db, auth.user, organizationId))) throw new AppError('not_found', 'Organisation not found');
}

/** requireWebhookOwner, then the endpoint of that organisation (404 for another organisation's). */
export async function requireOwnedEndpoint(
  db: Database,
  auth: AuthContext,
  organizationId: string,
  endpointId: string,
): Promise<EndpointRow> {
  await requireWebhookOwner(db, auth, organizationId);
  const endpoint = await findEndpointOf(db, organizationId, endpointId);
  if (!endpoint) throw new AppError('not_found', 'Webhook not found');
  return endpoint;
}
