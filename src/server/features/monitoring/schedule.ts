import { and, desc, eq } from 'drizzle-orm';
import {
  CADENCE_MONTHS,
  CADENCES,
  REASSESSMENT_LEAD_DAYS,
  type Cadence,
  type CertificationAnniversary,
  type ReassessmentSchedule,
  type ReminderKind,
  type SentReminder,
} from '@/contracts/monitoring.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { Database } from '../../db/client.ts';
import { monitoringReminders, monitoringSchedules } from '../../db/schema.ts';
import { addDays, addMonths, nextAnniversary, toIsoDate } from './calendar.ts';

/** Organisations that never chose a cadence are reassessed yearly (the product sells annual assessment plans). */
export const DEFAULT_CADENCE: Cadence = 'yearly';

export async function readCadence(db: Database, organizationId: string): Promise<Cadence> {
  const [row] = await db.select({ cadence: monitoringSchedules.cadence }).from(monitoringSchedules).where(eq(monitoringSchedules.organizationId, organizationId)).limit(1);
  return row && (CADENCES as readonly string[]).includes(row.cadence) ? (row.cadence as Cadence) : DEFAULT_CADENCE;
}

export async function readAllCadences(db: Database): Promise<Map<string, Cadence>> {
  const rows = await db.select().from(monitoringSchedules);
  return new Map(rows.map((row) => [row.organizationId, row.cadence as Cadence]));
}

export async function saveCadence(db: Database, organizationId: string, cadence: Cadence, now: Date): Promise<void> {
  await db
    .insert(monitoringSchedules)
    .values({ organizationId, cadence, updatedAt: now })
    .onConflictDoUpdate({ target: monitoringSchedules.organizationId, set: { cadence, updatedAt: now } });
}

/** The next reassessment is due one cadence after the last completed assessment. */
export function nextDueDate(lastCompletedAt: Date, cadence: Cadence): string {
  return addMonths(toIsoDate(lastCompletedAt), CADENCE_MONTHS[cadence]);
}

export function scheduleState(dueDate: string | null, today: string): ReassessmentSchedule['state'] {
  if (dueDate === null) return 'no_assessment';
  if (today > dueDate) return 'overdue';
  if (today >= addDays(dueDate, -REASSESSMENT_LEAD_DAYS)) return 'due_soon';
  return 'scheduled';
}

/** Frameworks the assessment marks compliant since a date, with their next anniversary. */
export function certificationAnniversaries(input: RiskInput | null, today: string): CertificationAnniversary[] {
  if (!input) return [];
  return FRAMEWORKS.flatMap((framework) => {
    const state = input.frameworks?.[framework.id];
    if (state?.status !== 'compliant' || !state.since) return [];
    return [{ frameworkId: framework.id, frameworkName: framework.name, since: state.since, nextAnniversary: nextAnniversary(state.since, today) }];
  });
}

const REMINDER_SUBJECTS: Record<ReminderKind, string> = {
  reassessment_due: 'Reassessment due soon',
  reassessment_overdue: 'Reassessment overdue',
  action_due: 'Action due soon',
  action_overdue: 'Action overdue',
  certification_anniversary: 'Certification anniversary',
};

export async function listRecentReminders(db: Database, organizationId: string, limit = 10): Promise<SentReminder[]> {
  const rows = await db
    .select()
    .from(monitoringReminders)
    .where(and(eq(monitoringReminders.organizationId, organizationId)))
    .orderBy(desc(monitoringReminders.sentAt))
    .limit(limit);
  return rows.map((row) => ({
    kind: row.kind as ReminderKind,
    subject: REMINDER_SUBJECTS[row.kind as ReminderKind] ?? row.kind,
    periodKey: row.periodKey,
    recipients: row.recipients,
    sentAt: row.sentAt.toISOString(),
  }));
}
