import { useId } from 'react';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import {
  CADENCE_LABELS,
  CADENCES,
  CERTIFICATION_LEAD_DAYS,
  ACTION_LEAD_DAYS,
  type Cadence,
  type ReassessmentSchedule,
} from '@/contracts/monitoring.ts';
import { useSchedule } from '../api/get-schedule.ts';
import { useUpdateSchedule } from '../api/update-schedule.ts';
import { formatDay } from '../lib/format.ts';

const STATE: Record<ReassessmentSchedule['state'], { label: string; variant: 'secondary' | 'success' | 'warning' | 'destructive' }> = {
  no_assessment: { label: 'No assessment yet', variant: 'secondary' },
  scheduled: { label: 'On schedule', variant: 'success' },
  due_soon: { label: 'Due soon', variant: 'warning' },
  overdue: { label: 'Overdue', variant: 'destructive' },
};

const REMINDER_LABELS: Record<string, string> = {
  reassessment_due: 'Reassessment due soon',
  reassessment_overdue: 'Reassessment overdue',
  action_due: 'Action due soon',
  action_overdue: 'Action overdue',
  certification_anniversary: 'Certification anniversary',
};

/** When to look again: cadence, next due date, certification anniversaries and the reminders sent. */
export function ScheduleSection() {
  const id = useId();
  const { data, isLoading, error } = useSchedule();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reassessment schedule</CardTitle>
        <CardDescription>
          Reminders go by e-mail to everyone in your organisation {data?.leadDays ?? 14} days before the due date and again if it passes;
          action owners {ACTION_LEAD_DAYS} days before an action is due; and {CERTIFICATION_LEAD_DAYS} days before a certification’s
          anniversary.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? <p className="text-sm text-slate-600">Loading the schedule…</p> : null}
        {error ? <p className="text-sm text-red-700">Could not load the schedule: {getErrorMessage(error)}</p> : null}
        {data ? (
          <>
            <ScheduleOverview id={id} data={data} />
            <ScheduleRecords id={id} data={data} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

type Schedule = NonNullable<ReturnType<typeof useSchedule>['data']>;

/** The cadence to choose, the next due date with its state, and the last completion. */
function ScheduleOverview({ id, data }: { id: string; data: Schedule }) {
  const update = useUpdateSchedule();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div className="grid gap-1">
        <label htmlFor={`${id}-cadence`} className="text-sm font-medium text-slate-900">
          Cadence
        </label>
        <select
          id={`${id}-cadence`}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          value={data.cadence}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { cadence: event.target.value as Cadence },
              {
                onSuccess: () => toast({ title: 'Cadence saved' }),
                onError: (mutationError) =>
                  toast({ title: 'Could not save the cadence', description: getErrorMessage(mutationError), variant: 'destructive' }),
              },
            )
          }
        >
          {CADENCES.map((cadence) => (
            <option key={cadence} value={cadence}>
              {CADENCE_LABELS[cadence]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-900">Next reassessment</p>
        <p className="text-lg font-semibold text-slate-900" data-testid="next-due">
          {data.nextDueDate ? formatDay(data.nextDueDate) : '—'}
        </p>
        <Badge variant={STATE[data.state].variant}>{STATE[data.state].label}</Badge>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-900">Last completed</p>
        <p className="text-lg text-slate-900">{data.lastCompletedAt ? formatDay(data.lastCompletedAt) : '—'}</p>
      </div>
    </div>
  );
}

/** Certification anniversaries and the reminders already sent. */
function ScheduleRecords({ id, data }: { id: string; data: Schedule }) {
  return (
    <>
      <section aria-labelledby={`${id}-certs`} className="grid gap-1">
        <h3 id={`${id}-certs`} className="text-base font-semibold text-slate-900">
          Certification anniversaries
        </h3>
        {data.certifications.length === 0 ? (
          <p className="text-sm text-slate-700">No framework is recorded as compliant since a date in your latest assessment.</p>
        ) : (
          <ul className="grid gap-1 text-sm text-slate-700">
            {data.certifications.map((certification) => (
              <li key={certification.frameworkId}>
                {certification.frameworkName}: compliant since {formatDay(certification.since)}; confirm it is current by{' '}
                {formatDay(certification.nextAnniversary)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-sent`} className="grid gap-1">
        <h3 id={`${id}-sent`} className="text-base font-semibold text-slate-900">
          Reminders sent
        </h3>
        {data.recentReminders.length === 0 ? (
          <p className="text-sm text-slate-700">None yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm text-slate-700">
            {data.recentReminders.map((reminder) => (
              <li key={`${reminder.kind}-${reminder.periodKey}-${reminder.sentAt}`}>
                {formatDay(reminder.sentAt)}: {REMINDER_LABELS[reminder.kind] ?? reminder.subject} (for {reminder.periodKey}),{' '}
                {reminder.recipients} recipient(s)
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
