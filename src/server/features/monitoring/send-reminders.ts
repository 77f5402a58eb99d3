import { ACTION_LEAD_DAYS, CADENCE_LABELS, CERTIFICATION_LEAD_DAYS, REASSESSMENT_LEAD_DAYS, type ReminderKind } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { listLatestCompletedPerOrganization } from '../../db/repositories/assessments.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';
import { listMembers, listOpenActionsWithDueDate } from './action-repository.ts';
import { addDays, toIsoDate } from './calendar.ts';
import { certificationAnniversaries, DEFAULT_CADENCE, nextDueDate } from './schedule.ts';
import { claimReminder, readAllCadences } from './schedule-repository.ts';

export const REMINDER_JOB = 'monitoring.reminders';
/** The reminder pass runs once an hour (one instance per hour, whatever the number of instances). */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

interface Recipient {
  email: string;
  firstName: string;
}

interface ReminderDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  now: Date;
  /** Told of each reminder sent (webhooks pass it on, ADR 229). */
  events?: Pick<DomainEvents, 'emit'>;
}

/**
 * Sends one reminder at most once: the reminder row (unique per organisation, kind, subject and
 * period) and its e-mails are written in one transaction, so a second pass, a retry or another
 * instance finds the row and sends nothing. Returns true when this call sent it.
 */
async function remindOnce(
  deps: ReminderDeps,
  reminder: { organizationId: string; kind: ReminderKind; subjectKey: string; periodKey: string },
  recipients: readonly Recipient[],
  compose: (recipient: Recipient) => OutgoingEmail,
): Promise<boolean> {
  if (recipients.length === 0) return false;
  return deps.db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (!(await claimReminder(txDb, { ...reminder, recipients: recipients.length, sentAt: deps.now }))) return false;
    for (const recipient of recipients) await deps.mailer.send(compose(recipient), { db: txDb });
    return true;
  });
}

const signOff = (appUrl: string) => `\n\nOpen monitoring: ${appUrl}/monitoring\n\n— CIFER`;

async function remindReassessments(deps: ReminderDeps, today: string): Promise<number> {
  let sent = 0;
  const cadences = await readAllCadences(deps.db);
  for (const latest of await listLatestCompletedPerOrganization(deps.db)) {
    const cadence = cadences.get(latest.organizationId) ?? DEFAULT_CADENCE;
    const due = nextDueDate(latest.completedAt, cadence);
    const members = await listMembers(deps.db, latest.organizationId);
    const overdue = today > due;
    if (overdue || today >= addDays(due, -REASSESSMENT_LEAD_DAYS)) {
      const kind: ReminderKind = overdue ? 'reassessment_overdue' : 'reassessment_due';
      const done = await remindOnce(deps, { organizationId: latest.organizationId, kind, subjectKey: 'organization', periodKey: due }, members, (member) => ({
        to: member.email,
        subject: overdue ? `Your cyber-risk reassessment is overdue (due ${due})` : `Your cyber-risk reassessment is due on ${due}`,
        text:
          `Hello ${member.firstName},\n\n` +
          (overdue
            ? `Your organisation's ${CADENCE_LABELS[cadence].toLowerCase()} cyber-risk reassessment was due on ${due} and has not been completed yet.`
            : `Your organisation's ${CADENCE_LABELS[cadence].toLowerCase()} cyber-risk reassessment is due on ${due}.`) +
          ` Duplicate the last assessment in History, update what changed, and complete it to see whether your risk went down.` +
          signOff(deps.appUrl),
      }));
      if (done) sent += 1;
      if (done) deps.events?.emit('reassessment.due', { organizationId: latest.organizationId, dueDate: due, overdue, lastCompletedAt: latest.completedAt.toISOString() });
    }
    for (const certification of certificationAnniversaries(latest.input, today)) {
      if (today < addDays(certification.nextAnniversary, -CERTIFICATION_LEAD_DAYS)) continue;
      const done = await remindOnce(
        deps,
        { organizationId: latest.organizationId, kind: 'certification_anniversary', subjectKey: certification.frameworkId, periodKey: certification.nextAnniversary },
        members,
        (member) => ({
          to: member.email,
          subject: `Confirm your ${certification.frameworkName} status before ${certification.nextAnniversary}`,
          text:
            `Hello ${member.firstName},\n\n` +
            `Your last assessment records ${certification.frameworkName} as compliant since ${certification.since}. Its anniversary is ${certification.nextAnniversary}: ` +
            `please confirm the certificate, attestation or assessment is still current. Evidence older than 12 months no longer lowers your estimated risk.` +
            signOff(deps.appUrl),
        }),
      );
      if (done) sent += 1;
    }
  }
  return sent;
}

async function remindActions(deps: ReminderDeps, today: string): Promise<number> {
  let sent = 0;
  for (const { action, ownerEmail, ownerFirstName, ownerStatus } of await listOpenActionsWithDueDate(deps.db)) {
    const due = action.dueDate as string;
    const overdue = today > due;
    if (!overdue && today < addDays(due, -ACTION_LEAD_DAYS)) continue;
    // The owner when there is an active one; otherwise everyone in the organisation, so no action is forgotten.
    const recipients =
      ownerEmail && ownerStatus === 'active' ? [{ email: ownerEmail, firstName: ownerFirstName ?? '' }] : await listMembers(deps.db, action.organizationId);
    const kind: ReminderKind = overdue ? 'action_overdue' : 'action_due';
    const done = await remindOnce(deps, { organizationId: action.organizationId, kind, subjectKey: action.id, periodKey: due }, recipients, (recipient) => ({
      to: recipient.email,
      subject: overdue ? `Overdue action: ${action.title.slice(0, 120)}` : `Action due on ${due}: ${action.title.slice(0, 120)}`,
      text:
        `Hello ${recipient.firstName},\n\n` +
        (overdue ? `This action from your cyber-risk plan was due on ${due}:` : `This action from your cyber-risk plan is due on ${due}:`) +
        `\n\n  ${action.title}\n\nUpdate its status in Monitoring (mark it done, in progress, or declined with a reason).` +
        signOff(deps.appUrl),
    }));
    if (done) sent += 1;
    if (done) deps.events?.emit('action.due', { organizationId: action.organizationId, actionId: action.id, title: action.title, dueDate: due, overdue });
  }
  return sent;
}

/** The reminder pass (a job): reassessments, certification anniversaries and action due dates. Returns how many reminders it sent. */
export async function sendDueReminders(deps: ReminderDeps): Promise<number> {
  const today = toIsoDate(deps.now);
  const sent = (await remindReassessments(deps, today)) + (await remindActions(deps, today));
  if (sent > 0) await deps.mailer.deliverDue();
  return sent;
}
