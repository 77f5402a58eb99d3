import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { DECLINE_REASON_MAX, type DeclineFormInput, type DeclineFormValues } from '../lib/action-forms.ts';

/**
 * The reason asked for when an action's status is set to "Declined". The form state belongs to the
 * action (ActionItem), so a reason typed, cancelled and opened again is still there.
 */
export function DeclineActionForm({
  id,
  form,
  onDecline,
  onCancel,
}: {
  id: string;
  form: UseFormReturn<DeclineFormInput, unknown, DeclineFormValues>;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}) {
  const error = form.formState.errors.reason?.message;
  const isBlank = form.watch('reason').trim() === '';
  const submit = form.handleSubmit(({ reason }) => onDecline(reason));
  return (
    <form noValidate className="grid gap-2 sm:flex sm:items-end" onSubmit={(event) => void submit(event)}>
      <FormField id={id} label="Reason for declining" error={error} className="flex-1 gap-1">
        <Input maxLength={DECLINE_REASON_MAX} aria-required="true" {...fieldAria(id, error)} {...form.register('reason')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isBlank}>
          Decline
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
