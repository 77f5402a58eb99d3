import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';

/** The footer of a form in a dialog: Cancel, then the submit button that says so while the request runs. */
export function DialogFormFooter({ onCancel, isPending, submitLabel, pendingLabel }: { onCancel: () => void; isPending: boolean; submitLabel: string; pendingLabel: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
