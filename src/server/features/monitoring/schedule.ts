import {
  CADENCE_MONTHS,
  REASSESSMENT_LEAD_DAYS,
  type Cadence,
  type CertificationAnniversary,
  type ReassessmentSchedule,
  type ReminderKind,
} from '@/contracts/monitoring.ts';
import { FRAMEWORKS } from '@/engine/frameworks.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { addDays, addMonths, nextAnniversary, toIsoDate } from './calendar.ts';

/** Organisations that never chose a cadence are reassessed yearly (the product sells annual assessment plans). */
export const DEFAULT_CADENCE: Cadence = 'yearly';

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

/** How a reminder of that kind is named in the schedule's list of reminders sent. */
export function reminderSubject(kind: ReminderKind): string {
  return REMINDER_SUBJECTS[kind];
}
