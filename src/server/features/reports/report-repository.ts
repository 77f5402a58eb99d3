import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';

/** The organisation's name as the report's cover prints it ('' when it has none). */
export async function findOrganizationName(db: Database, organizationId: string): Promise<string> {
  const rows = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return rows[0]?.name ?? '';
}
