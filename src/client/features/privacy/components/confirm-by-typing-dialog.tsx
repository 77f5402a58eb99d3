import { useId, useState, type ReactNode } from 'react';
import { FailureAlert } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { FormField } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import type { ConfirmedAction } from '../hooks/use-confirmed-action.ts';

/** Asks the person to type `expected` (their e-mail, the organisation's name) before a deletion: a slip of the mouse deletes nothing. */
export function ConfirmByTypingDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  label,
  expected,
  submitLabel,
  isPending,
  failure,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: (typed: string) => void;
  title: string;
  description: ReactNode;
  label: string;
  expected: string;
  submitLabel: string;
  isPending: boolean;
  failure: string | null;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === expected.trim().toLowerCase();
  return (
    <TitledDialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()} title={title} description={description}>
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) onConfirm(typed.trim());
        }}
      >
        <FormField id={id} label={label} hint={`Type ${expected}`}>
          <Input id={id} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} aria-describedby={`${id}-hint`} />
        </FormField>
        <FailureAlert message={failure} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Keep it
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || isPending}>
            {isPending ? 'Deleting…' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}

type ConfirmText = { title: string; description: ReactNode; label: string; expected: string; submitLabel: string };

/** The two dialogs of a confirmed action: type to confirm, then, when the server asks, a fresh code that sends the typed value again. */
export function ConfirmedActionDialogs({ action, StepUpDialog, isPending, ...text }: ConfirmText & { action: ConfirmedAction; StepUpDialog: StepUpDialogComponent; isPending: boolean }) {
  return (
    <>
      <ConfirmByTypingDialog open={action.open} onCancel={action.closeDialog} onConfirm={action.submit} isPending={isPending} failure={action.failure} {...text} />
      <StepUpDialog open={action.awaitingCode} onClose={action.cancelCode} onVerified={action.codeVerified} />
    </>
  );
}
