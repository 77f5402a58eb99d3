import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { DialogFooter } from './dialog.tsx';

/** What a dialog shows once its request went through: a green notice with its icon, an optional line under it, Close. */
export function DialogSuccess({ icon, children, footnote, onClose }: { icon: ReactNode; children: ReactNode; footnote?: ReactNode; onClose: () => void }) {
  return (
    <div className="grid gap-4" role="status">
      <div className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
        {icon}
        {children}
      </div>
      {footnote}
      <DialogCloseFooter onClose={onClose} />
    </div>
  );
}

/** The one button a finished dialog offers. */
export function DialogCloseFooter({ onClose }: { onClose: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" onClick={onClose}>
        Close
      </Button>
    </DialogFooter>
  );
}
