import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog.tsx';

/** Placeholder until the help-request feature lands: states plainly that sending is not available. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Get Help & Support</DialogTitle>
          <DialogDescription>Help requests are not available yet.</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
