import { desc, eq } from 'drizzle-orm';
import { HELP_CATEGORIES, type HelpCategory, type HelpRequest, type HelpRequestStatus } from '@/contracts/help.ts';
import type { Database } from '../../db/client.ts';
import { helpRequests } from '../../db/schema.ts';

type Row = typeof helpRequests.$inferSelect;

function toCategory(value: string): HelpCategory {
  return (HELP_CATEGORIES as readonly string[]).includes(value) ? (value as HelpCategory) : 'other';
}

export function toHelpRequest(row: Row): HelpRequest {
  const status: HelpRequestStatus = row.status === 'answered' || row.status === 'closed' ? row.status : 'open';
  return {
    id: row.id,
    category: toCategory(row.category),
    subject: row.subject,
    message: row.message,
    userEmail: row.userEmail,
    userName: row.userName,
    status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listHelpRequests(db: Database, limit = 200): Promise<HelpRequest[]> {
  const rows = await db.select().from(helpRequests).orderBy(desc(helpRequests.createdAt)).limit(limit);
  return rows.map(toHelpRequest);
}

export async function updateHelpRequestStatus(db: Database, id: string, status: HelpRequestStatus, now: Date): Promise<HelpRequest | null> {
  const [row] = await db.update(helpRequests).set({ status, updatedAt: now }).where(eq(helpRequests.id, id)).returning();
  return row ? toHelpRequest(row) : null;
}

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
