import { desc, eq } from 'drizzle-orm';
import { HELP_CATEGORIES, type HelpCategory } from '@/contracts/help.ts';
import type { InboxItem, UpdateInboxItemInput } from '@/contracts/inbox.ts';
import type { Database } from '../../db/client.ts';
import { consultationRequests, helpRequests } from '../../db/schema.ts';

/** How many of each kind the inbox shows: the newest, which is what an administrator works on. */
const NEWEST_OF_EACH_KIND = 200;

function toCategory(value: string): HelpCategory {
  return (HELP_CATEGORIES as readonly string[]).includes(value) ? (value as HelpCategory) : 'other';
}

function toHelpItem(row: typeof helpRequests.$inferSelect): InboxItem {
  const status = row.status === 'answered' || row.status === 'closed' ? row.status : 'open';
  const { id, subject, message, userEmail, userName } = row;
  return {
    kind: 'help',
    id,
    category: toCategory(row.category),
    subject,
    message,
    userEmail,
    userName,
    status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toConsultationItem(row: typeof consultationRequests.$inferSelect): InboxItem {
  const status = row.status === 'contacted' || row.status === 'closed' ? row.status : 'new';
  const { id, name, email, company, companySize, industry, service, message } = row;
  return {
    kind: 'consultation',
    id,
    name,
    email,
    company,
    companySize,
    industry,
    service,
    message,
    status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Both kinds of request, newest first. */
export async function listInbox(db: Database): Promise<InboxItem[]> {
  const [help, consultations] = await Promise.all([
    db.select().from(helpRequests).orderBy(desc(helpRequests.createdAt)).limit(NEWEST_OF_EACH_KIND),
    db.select().from(consultationRequests).orderBy(desc(consultationRequests.createdAt)).limit(NEWEST_OF_EACH_KIND),
  ]);
  const items = [...help.map(toHelpItem), ...consultations.map(toConsultationItem)];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Moves one request to a status of its kind; null when no request of that kind has the id. */
export async function setInboxItemStatus(db: Database, id: string, change: UpdateInboxItemInput, now: Date): Promise<InboxItem | null> {
  if (change.kind === 'help') {
    const [row] = await db.update(helpRequests).set({ status: change.status, updatedAt: now }).where(eq(helpRequests.id, id)).returning();
    return row ? toHelpItem(row) : null;
  }
  const [row] = await db.update(consultationRequests).set({ status: change.status }).where(eq(consultationRequests.id, id)).returning();
  return row ? toConsultationItem(row) : null;
}
