import { REASSESSMENT_LEAD_DAYS, type ReassessmentSchedule } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { listCompletedHeadlines } from '../../db/repositories/assessments.ts';
import { toIsoDate } from './calendar.ts';
import { certificationAnniversaries, nextDueDate, scheduleState } from './schedule.ts';
import { listRecentReminders, readCadence } from './schedule-repository.ts';

/** GET /api/monitoring/schedule: when the organisation's next assessment is due, its certifications' anniversaries and the reminders sent. */
export async function readSchedule(options: { db: Database; organizationId: string; now: Date }): Promise<ReassessmentSchedule> {
  const { db, organizationId, now } = options;
  const today = toIsoDate(now);
  const cadence = await readCadence(db, organizationId);
  const latest = (await listCompletedHeadlines(db, organizationId)).at(-1) ?? null;
  const due = latest ? nextDueDate(latest.completedAt, cadence) : null;
  return {
    cadence,
    leadDays: REASSESSMENT_LEAD_DAYS,
    lastCompletedAt: latest ? latest.completedAt.toISOString() : null,
    nextDueDate: due,
    state: scheduleState(due, today),
    certifications: certificationAnniversaries(latest?.input ?? null, today),
    recentReminders: await listRecentReminders(db, organizationId),
  };
}
