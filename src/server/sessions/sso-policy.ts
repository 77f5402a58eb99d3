import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations, ssoConnections, ssoDomains } from '../db/schema.ts';

/** The domain of an address, lower-cased: what follows its last "@". */
export function emailDomainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/**
 * Must this address sign in with single sign-on (ADR 227)? Yes when its domain is a VERIFIED domain
 * of a connection marked required; an unverified domain binds nobody. Shared here because log-in
 * and password reset (auth) ask it, and features do not import each other.
 */
export async function findRequiredSso(db: Database, email: string): Promise<{ organizationName: string } | null> {
  const [row] = await db
    .select({ organizationName: organizations.name })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .where(and(eq(ssoDomains.domain, emailDomainOf(email)), isNotNull(ssoDomains.verifiedAt), eq(ssoConnections.required, true)))
    .limit(1);
  return row ?? null;
}
