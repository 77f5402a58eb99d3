import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { ActionOwner, PlanRecommendation } from '@/contracts/monitoring.ts';
import { useAcceptRecommendation } from '../api/accept-recommendation.ts';
import { formatUsd } from '../lib/format.ts';

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';

/** "Add to plan": owner (a member), due date and estimated cost of the action. */
export function AcceptRecommendationDialog({ recommendation, members, defaultOwnerId }: { recommendation: PlanRecommendation; members: ActionOwner[]; defaultOwnerId: string | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [ownerId, setOwnerId] = useState(defaultOwnerId ?? '');
  const [dueDate, setDueDate] = useState('');
  const [cost, setCost] = useState(String(Math.round(recommendation.annualCostMidUsd)));
  const accept = useAcceptRecommendation();
  const costValue = cost.trim() === '' ? null : Number(cost);
  const costInvalid = costValue !== null && (!Number.isInteger(costValue) || costValue < 0);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Add to plan</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add to the action plan</DialogTitle>
          <DialogDescription>
            {recommendation.factorName}: removes about {formatUsd(recommendation.annualLossReductionUsd)} of expected loss a year.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (costInvalid) return;
            accept.mutate(
              { assessmentId: recommendation.assessmentId, factorId: recommendation.factorId, ownerUserId: ownerId || null, dueDate: dueDate || null, estimatedCostUsd: costValue },
              {
                onSuccess: () => {
                  toast({ title: 'Added to the plan', description: recommendation.factorName });
                  setOpen(false);
                },
                onError: (error) => toast({ title: 'Could not add the action', description: getErrorMessage(error), variant: 'destructive' }),
              },
            );
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-owner`}>Owner</Label>
            <select id={`${id}-owner`} className={selectClass} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value="">No owner yet</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-due`}>Due date</Label>
            <Input id={`${id}-due`} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-cost`}>Estimated cost per year (USD)</Label>
            <Input
              id={`${id}-cost`}
              inputMode="numeric"
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              aria-invalid={costInvalid}
              aria-describedby={costInvalid ? `${id}-cost-error` : undefined}
            />
            {costInvalid ? (
              <p id={`${id}-cost-error`} className="text-sm text-red-700">
                Enter whole dollars (0 or more).
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={accept.isPending || costInvalid}>
              {accept.isPending ? 'Adding…' : 'Add to plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
