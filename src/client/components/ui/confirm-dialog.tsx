import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';
import { TitledDialog } from './titled-dialog.tsx';

/** Asks before an action that cannot be undone (revoke, disconnect): keep it, or go ahead. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog open={open} onOpenChange={(isOpen) => !isOpen && onCancel()} title={title} description={description}>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep it
        </Button>
        <Button type="button" variant="destructive" onClick={onConfirm} disabled={isPending}>
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
