import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';

/**
 * Only an owner of an organisation sees or manages its organisation tokens. Anyone else, a member
 * of it included, gets the 404 of an organisation that does not exist: which integrations hold
 * keys to it is the owners' business.
 */
export async function requireTokenOwnerOf(db: Database, auth: AuthContext, organizationId: string): Promise<void> {
  const [membership] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, auth.user.id), eq(memberships.organizationId, organizationId)))
    .limit(1);
  // The home organisation without a membership row is the user's own (as sessions treat it).
  const role = membership?.role ?? (organizationId === auth.user.homeOrganizationId ? 'owner' : null);
  if (role !== 'owner') throw new AppError('not_found', 'Organisation not found');
}
