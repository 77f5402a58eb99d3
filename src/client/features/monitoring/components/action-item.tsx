import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { ACTION_STATUS_LABELS, ACTION_STATUSES, type ActionOwner, type ActionStatus, type PlanAction, type UpdateActionBody } from '@/contracts/monitoring.ts';
import { useUpdateAction } from '../api/update-action.ts';
import { COST_MESSAGE, DeclineFormSchema, parseCost, type DeclineFormInput, type DeclineFormValues } from '../lib/action-forms.ts';
import { formatDay, formatUsd } from '../lib/format.ts';
import { DeclineActionForm } from './decline-action-form.tsx';

const selectClass = 'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';
const STATUS_VARIANT = { planned: 'secondary', in_progress: 'default', done: 'success', declined: 'outline' } as const;

type SaveAction = (body: UpdateActionBody, success?: string) => void;

function ActionHeading({ action }: { action: PlanAction }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{action.controlName}</p>
        <p className="text-sm break-words text-slate-700">{action.title.startsWith(`${action.factorName}: `) ? action.title.slice(action.factorName.length + 2) : action.title}</p>
      </div>
      <div className="flex flex-wrap gap-1">
        <Badge variant={STATUS_VARIANT[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
        {action.isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
      </div>
    </div>
  );
}

function Figure({ label, children, className = 'tabular-nums' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** The action's dollars: what it would save now, when accepted, what it costs and what it saved once measured. */
function ActionFigures({ action }: { action: PlanAction }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      <Figure label="Reduction now" className="font-medium tabular-nums">
        {action.status === 'planned' || action.status === 'in_progress' ? `${formatUsd(action.currentReductionUsd)}/yr` : '—'}
      </Figure>
      <Figure label="When accepted">{formatUsd(action.expectedReductionUsd)}/yr</Figure>
      <Figure label="Estimated cost">{action.estimatedCostUsd === null ? '—' : `${formatUsd(action.estimatedCostUsd)}/yr`}</Figure>
      <Figure label="Realised">{action.realised ? `${formatUsd(action.realised.reductionUsd)}/yr` : action.status === 'done' ? 'Awaiting re-assessment' : '—'}</Figure>
    </dl>
  );
}

/** The actual cost, saved when the field is left (refused with a toast when it is not a number). */
function ActualCostField({ id, action, save }: { id: string; action: PlanAction; save: SaveAction }) {
  const [actualCost, setActualCost] = useState(action.actualCostUsd === null ? '' : String(action.actualCostUsd));
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Actual cost (USD)</Label>
      <Input
        id={id}
        inputMode="numeric"
        className="h-9"
        value={actualCost}
        onChange={(event) => setActualCost(event.target.value)}
        onBlur={() => {
          const value = parseCost(actualCost);
          if (value === 'invalid') {
            toast({ title: 'Actual cost not saved', description: COST_MESSAGE, variant: 'destructive' });
            return;
          }
          if (value !== action.actualCostUsd) save({ actualCostUsd: value });
        }}
      />
    </div>
  );
}

/** Status, owner, due date and actual cost, each saved as it changes. */
function ActionControls({
  id,
  action,
  members,
  status,
  disabled,
  save,
  onStatus,
}: {
  id: string;
  action: PlanAction;
  members: ActionOwner[];
  status: ActionStatus;
  disabled: boolean;
  save: SaveAction;
  onStatus: (status: ActionStatus) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-4">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <select id={`${id}-status`} className={selectClass} value={status} disabled={disabled} onChange={(event) => onStatus(event.target.value as ActionStatus)}>
          {ACTION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ACTION_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-owner`}>Owner</Label>
        <select id={`${id}-owner`} className={selectClass} value={action.owner?.id ?? ''} disabled={disabled} onChange={(event) => save({ ownerUserId: event.target.value || null })}>
          <option value="">No owner</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-due`}>Due date</Label>
        <Input
          id={`${id}-due`}
          type="date"
          className="h-9"
          defaultValue={action.dueDate ?? ''}
          onBlur={(event) => {
            const value = event.target.value || null;
            if (value !== action.dueDate) save({ dueDate: value });
          }}
        />
      </div>
      <ActualCostField id={`${id}-actual`} action={action} save={save} />
    </div>
  );
}

/** One action: status, owner, due date and costs, each saved as it changes. */
export function ActionItem({ action, members, onDone }: { action: PlanAction; members: ActionOwner[]; onDone: () => void }) {
  const id = useId();
  const update = useUpdateAction();
  const [declining, setDeclining] = useState(false);
  const declineForm = useForm<DeclineFormInput, unknown, DeclineFormValues>({ resolver: zodResolver(DeclineFormSchema), defaultValues: { reason: action.declineReason ?? '' } });

  const save: SaveAction = (body, success) =>
    update.mutate(
      { id: action.id, body },
      {
        onSuccess: () => {
          if (success) toast({ title: success, description: action.controlName });
          if (body.status === 'done') onDone();
        },
        onError: (error) => toast({ title: 'Update failed', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );

  const changeStatus = (status: ActionStatus) => {
    if (status === 'declined') {
      setDeclining(true);
      return;
    }
    setDeclining(false);
    save({ status }, status === 'done' ? 'Marked done' : undefined);
  };

  return (
    <li className={`grid gap-3 rounded-lg border p-3 ${action.isOverdue ? 'border-red-300 bg-red-50' : 'border-slate-200'}`} aria-label={action.controlName}>
      <ActionHeading action={action} />
      <ActionFigures action={action} />
      {action.realised ? <p className="text-xs text-slate-600">Measured in “{action.realised.assessmentTitle}”.</p> : null}
      {action.status !== 'done' && action.status !== 'declined' && action.currentReductionUsd === 0 ? (
        <p className="text-xs text-slate-700">The latest assessment already has this control at its target: mark it done.</p>
      ) : null}
      <ActionControls id={id} action={action} members={members} status={declining ? 'declined' : action.status} disabled={update.isPending} save={save} onStatus={changeStatus} />
      {action.doneAt ? <p className="text-xs text-slate-600">Done {formatDay(action.doneAt)}</p> : null}
      {action.status === 'declined' && action.declineReason && !declining ? <p className="text-sm text-slate-700">Declined: {action.declineReason}</p> : null}
      {declining ? (
        <DeclineActionForm
          id={`${id}-reason`}
          form={declineForm}
          onDecline={(reason) => {
            save({ status: 'declined', declineReason: reason }, 'Action declined');
            setDeclining(false);
          }}
          onCancel={() => setDeclining(false)}
        />
      ) : null}
    </li>
  );
}
