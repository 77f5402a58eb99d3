import type { HelpCategory } from '@/contracts/help.ts';
import type { Database } from '../../db/client.ts';
import { helpRequests } from '../../db/schema.ts';

/** Stores a new help request; returns its id. */
export async function insertHelpRequest(
  db: Database,
  values: { userId: string; category: HelpCategory; subject: string; message: string; userEmail: string; userName: string; now: Date },
): Promise<string> {
  const { now, ...request } = values;
  const [row] = await db.insert(helpRequests).values({ ...request, createdAt: now, updatedAt: now }).returning({ id: helpRequests.id });
  if (!row) throw new Error('help request insert returned no row');
  return row.id;
}
