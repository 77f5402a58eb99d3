import { lazy, Suspense, useRef } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { EMPTY_HELP_DRAFT, type HelpDraft } from '../help-draft.ts';

// The form (and its validation code) loads on first open, so the shell every page pays for stays small.
const HelpRequestForm = lazy(async () => ({ default: (await import('./help-request-form.tsx')).HelpRequestForm }));

/**
 * Spec sections 2 and 4: 'Get Help & Support'. Closing (Cancel, Escape, X) keeps what was typed;
 * a successful send clears the form and closes the dialog.
 */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // The form reads the draft when it mounts (each time the dialog opens) and reports every change;
  // a ref, not state, so typing does not re-render the dialog.
  const draft = useRef<HelpDraft>(EMPTY_HELP_DRAFT);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Get Help & Support</DialogTitle>
          <DialogDescription>
            Tell us what you need and our support team will reply by e-mail. We respond within about 24 hours on business days.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<p className="text-sm text-slate-700">Loading...</p>}>
          <HelpRequestForm
            draft={draft.current}
            onDraftChange={(next) => {
              draft.current = next;
            }}
            onCancel={() => onOpenChange(false)}
            onSent={() => {
              draft.current = EMPTY_HELP_DRAFT;
              onOpenChange(false);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
