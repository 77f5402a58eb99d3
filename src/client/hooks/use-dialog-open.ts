import { useState } from 'react';

/**
 * The open state of a dialog that is either controlled (`open` / `onOpenChange`) or manages its own
 * (opened by a trigger); `onClose` clears what the dialog held, so it opens fresh next time.
 */
export function useDialogOpen({ open, onOpenChange, onClose }: { open: boolean | undefined; onOpenChange: ((open: boolean) => void) | undefined; onClose: () => void }) {
  const [innerOpen, setInnerOpen] = useState(false);
  const setOpen = (next: boolean) => {
    if (!next) onClose();
    setInnerOpen(next);
    onOpenChange?.(next);
  };
  return { isOpen: open ?? innerOpen, setOpen };
}
