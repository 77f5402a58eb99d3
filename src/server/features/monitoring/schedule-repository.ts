import { desc, eq } from 'drizzle-orm';
import { CadenceSchema, REMINDER_KINDS, type Cadence, type ReminderKind, type SentReminder } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { monitoringReminders, monitoringSchedules } from '../../db/schema.ts';
import { DEFAULT_CADENCE, reminderSubject } from './schedule.ts';

/** The organisation's reassessment cadence (the default when it never chose one). */
export async function readCadence(db: Database, organizationId: string): Promise<Cadence> {
  const [row] = await db.select({ cadence: monitoringSchedules.cadence }).from(monitoringSchedules).where(eq(monitoringSchedules.organizationId, organizationId)).limit(1);
  const parsed = CadenceSchema.safeParse(row?.cadence);
  return parsed.success ? parsed.data : DEFAULT_CADENCE;
}

/** Every organisation's chosen cadence (those without one are left out: they get the default). */
export async function readAllCadences(db: Database): Promise<Map<string, Cadence>> {
  const rows = await db.select().from(monitoringSchedules);
  return new Map(rows.flatMap((row) => {
    const parsed = CadenceSchema.safeParse(row.cadence);
    return parsed.success ? [[row.organizationId, parsed.data] as const] : [];
  }));
}

export async function saveCadence(db: Database, organizationId: string, cadence: Cadence, now: Date): Promise<void> {
  await db
    .insert(monitoringSchedules)
    .values({ organizationId, cadence, updatedAt: now })
    .onConflictDoUpdate({ target: monitoringSchedules.organizationId, set: { cadence, updatedAt: now } });
}

function isReminderKind(value: string): value is ReminderKind {
  return (REMINDER_KINDS as readonly string[]).includes(value);
}

/** The reminders last sent to the organisation, newest first. */
export async function listRecentReminders(db: Database, organizationId: string, limit = 10): Promise<SentReminder[]> {
  const rows = await db.select().from(monitoringReminders).where(eq(monitoringReminders.organizationId, organizationId)).orderBy(desc(monitoringReminders.sentAt)).limit(limit);
  return rows.flatMap((row) =>
    isReminderKind(row.kind) ? [{ kind: row.kind, subject: reminderSubject(row.kind), periodKey: row.periodKey, recipients: row.recipients, sentAt: row.sentAt.toISOString() }] : [],
  );
}

/**
 * Records that a reminder is being sent; false when it already was (the row is unique per
 * organisation, kind, subject and period). Run inside the transaction that queues its e-mails.
 */
export async function claimReminder(
  db: Database,
  reminder: { organizationId: string; kind: ReminderKind; subjectKey: string; periodKey: string; recipients: number; sentAt: Date },
): Promise<boolean> {
  const inserted = await db.insert(monitoringReminders).values(reminder).onConflictDoNothing().returning({ id: monitoringReminders.id });
  return inserted.length > 0;
}
