import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';

interface DialogFormFooterProps {
  onCancel: () => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** `destructive` when submitting takes something away (the button that opened the dialog is red too). */
  submitVariant?: 'default' | 'destructive';
}

/** The footer of a form in a dialog: Cancel, then the submit button that says so while the request runs. */
export function DialogFormFooter({ onCancel, isPending, submitLabel, pendingLabel, submitVariant = 'default' }: DialogFormFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
