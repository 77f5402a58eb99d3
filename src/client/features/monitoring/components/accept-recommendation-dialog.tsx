import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { ActionOwner, PlanRecommendation } from '@/contracts/monitoring.ts';
import { useAcceptRecommendation } from '../api/accept-recommendation.ts';
import { AcceptRecommendationFormSchema, type AcceptRecommendationFormInput, type AcceptRecommendationFormValues } from '../lib/action-forms.ts';
import { formatUsd } from '../lib/format.ts';

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';

/** "Add to plan": owner (a member), due date and estimated cost of the action. */
export function AcceptRecommendationDialog({ recommendation, members, defaultOwnerId }: { recommendation: PlanRecommendation; members: ActionOwner[]; defaultOwnerId: string | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const accept = useAcceptRecommendation();
  // Checked as it is typed (mode onChange), so "Add to plan" is off while the cost is not whole dollars.
  const form = useForm<AcceptRecommendationFormInput, unknown, AcceptRecommendationFormValues>({
    resolver: zodResolver(AcceptRecommendationFormSchema),
    defaultValues: { ownerId: defaultOwnerId ?? '', dueDate: '', cost: String(Math.round(recommendation.annualCostMidUsd)) },
    mode: 'onChange',
  });
  const costError = form.formState.errors.cost?.message;

  const submit = form.handleSubmit(({ ownerId, dueDate, cost }) =>
    accept.mutate(
      { assessmentId: recommendation.assessmentId, factorId: recommendation.factorId, ownerUserId: ownerId, dueDate, estimatedCostUsd: cost },
      {
        onSuccess: () => {
          toast({ title: 'Added to the plan', description: recommendation.controlName });
          setOpen(false);
        },
        onError: (error) => toast({ title: 'Could not add the action', description: getErrorMessage(error), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Add to plan</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add to the action plan</DialogTitle>
          <DialogDescription>
            {recommendation.controlName}: removes about {formatUsd(recommendation.annualLossReductionUsd)} of expected loss a year.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <FormField id={`${id}-owner`} label="Owner">
            <select id={`${id}-owner`} className={selectClass} {...form.register('ownerId')}>
              <option value="">No owner yet</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-due`} label="Due date">
            <Input id={`${id}-due`} type="date" {...form.register('dueDate')} />
          </FormField>
          <FormField id={`${id}-cost`} label="Estimated cost per year (USD)" error={costError}>
            <Input inputMode="numeric" {...fieldAria(`${id}-cost`, costError)} {...form.register('cost')} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={accept.isPending || costError !== undefined}>
              {accept.isPending ? 'Adding…' : 'Add to plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
