import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
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

/** One action: status, owner, due date and costs, each saved as it changes. */
export function ActionItem({ action, members, onDone }: { action: PlanAction; members: ActionOwner[]; onDone: () => void }) {
  const id = useId();
  const update = useUpdateAction();
  const [declining, setDeclining] = useState(false);
  const declineForm = useForm<DeclineFormInput, unknown, DeclineFormValues>({ resolver: zodResolver(DeclineFormSchema), defaultValues: { reason: action.declineReason ?? '' } });
  const [actualCost, setActualCost] = useState(action.actualCostUsd === null ? '' : String(action.actualCostUsd));

  const save = (body: UpdateActionBody, success?: string) =>
    update.mutate(
      { id: action.id, body },
      {
        onSuccess: () => {
          if (success) toast({ title: success, description: action.factorName });
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
    <li className={`grid gap-3 rounded-lg border p-3 ${action.isOverdue ? 'border-red-300 bg-red-50' : 'border-slate-200'}`} aria-label={action.factorName}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{action.factorName}</p>
          <p className="text-sm break-words text-slate-700">{action.title.startsWith(`${action.factorName}: `) ? action.title.slice(action.factorName.length + 2) : action.title}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge variant={STATUS_VARIANT[action.status]}>{ACTION_STATUS_LABELS[action.status]}</Badge>
          {action.isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Reduction now</dt>
          <dd className="font-medium tabular-nums">{action.status === 'planned' || action.status === 'in_progress' ? `${formatUsd(action.currentReductionUsd)}/yr` : '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">When accepted</dt>
          <dd className="tabular-nums">{formatUsd(action.expectedReductionUsd)}/yr</dd>
        </div>
        <div>
          <dt className="text-slate-600">Estimated cost</dt>
          <dd className="tabular-nums">{action.estimatedCostUsd === null ? '—' : `${formatUsd(action.estimatedCostUsd)}/yr`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Realised</dt>
          <dd className="tabular-nums">
            {action.realised ? `${formatUsd(action.realised.reductionUsd)}/yr` : action.status === 'done' ? 'Awaiting re-assessment' : '—'}
          </dd>
        </div>
      </dl>
      {action.realised ? <p className="text-xs text-slate-600">Measured in “{action.realised.assessmentTitle}”.</p> : null}
      {action.status !== 'done' && action.status !== 'declined' && action.currentReductionUsd === 0 ? (
        <p className="text-xs text-slate-700">The latest assessment already has this control at its target: mark it done.</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <select id={`${id}-status`} className={selectClass} value={declining ? 'declined' : action.status} disabled={update.isPending} onChange={(event) => changeStatus(event.target.value as ActionStatus)}>
            {ACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ACTION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-owner`}>Owner</Label>
          <select id={`${id}-owner`} className={selectClass} value={action.owner?.id ?? ''} disabled={update.isPending} onChange={(event) => save({ ownerUserId: event.target.value || null })}>
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
        <div className="grid gap-1">
          <Label htmlFor={`${id}-actual`}>Actual cost (USD)</Label>
          <Input
            id={`${id}-actual`}
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
      </div>
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
