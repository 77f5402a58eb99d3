import type { ApiTokenScope } from '@/contracts/api-tokens.ts';
import type { ConnectedAssistantList } from '@/contracts/oauth.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Audit } from '../../lib/audit.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { revokeOAuthGrantById } from '../../sessions/revocation.ts';
import { findOwnGrant, listActiveGrants } from './grant-store.ts';
import { redirectHostOf } from './redirect-uri.ts';

/** The assistants a person connected (their unrevoked grants, ADR 294), in /account, and revoking one. */

export async function listConnectedAssistants(db: Database, auth: AuthContext): Promise<ConnectedAssistantList> {
  const rows = await listActiveGrants(db, auth.user.id);
  return {
    assistants: rows.map(({ grant, clientName, redirectUris, organizationName }) => ({
      id: grant.id,
      clientName,
      redirectHost: redirectHostOf(redirectUris[0] ?? ''),
      organizationId: grant.organizationId,
      organizationName,
      scopes: grant.scopes as ApiTokenScope[],
      connectedAt: grant.createdAt.toISOString(),
      lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Revokes one of the person's own grants at once on every instance; someone else's is not found. */
export async function disconnectAssistant(options: { db: Database; auth: AuthContext; grantId: string; now: Date; audit: Audit }): Promise<{ message: string }> {
  const { db, auth, grantId, now, audit } = options;
  const found = await findOwnGrant(db, auth.user.id, grantId);
  if (!found) throw new AppError('not_found', 'Connected assistant not found');
  if (await revokeOAuthGrantById(db, grantId, now)) {
    await audit({ action: 'oauth.grant_revoked', organizationId: found.grant.organizationId, details: { grantId, clientId: found.grant.clientId, clientName: found.clientName, reason: 'revoked_by_person' } });
  }
  return { message: `“${found.clientName}” is disconnected. Its access ends now; connect it again from the assistant if you need it.` };
}
