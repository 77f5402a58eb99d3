import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { MfaVerificationCard } from './mfa-verification-card.tsx';

/** Asks before turning TOTP off: the user will have to set it up again. */
export function DisableTotpDialog({ open, isDisabling, onOpenChange, onConfirm }: { open: boolean; isDisabling: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Disable two-factor authentication?</DialogTitle>
        <DialogDescription>
          Your other sessions will be signed out and your backup codes deleted. CIFER requires two-factor authentication, so you will have to set it up again before continuing.
        </DialogDescription>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Keep TOTP
          </Button>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={isDisabling}>
            {isDisabling ? 'Disabling...' : 'Disable TOTP'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A fresh code before a sensitive action, when the server asks for one (security.md decision 5). */
export function StepUpDialog({ open, onClose, onVerified }: { open: boolean; onClose: () => void; onVerified: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-md border-0 bg-transparent p-0 shadow-none">
        <DialogTitle className="sr-only">Confirm it&apos;s you</DialogTitle>
        <DialogDescription className="sr-only">Enter a current code to continue.</DialogDescription>
        <MfaVerificationCard
          title="Confirm It's You"
          description="For your security, enter a current code from your authenticator app (or a backup code) to continue."
          onCancel={onClose}
          onSuccess={onVerified}
        />
      </DialogContent>
    </Dialog>
  );
}
