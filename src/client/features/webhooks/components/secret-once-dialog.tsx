import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';

/**
 * The signing secret of a new or rotated webhook, shown this one time: CIFER keeps it sealed and
 * never shows it again. Closing without copying it means rotating again.
 */
export function SecretOnceDialog({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copySecret = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // A refused clipboard (permissions, plain http): the secret stays selectable in the box.
      setCopied(false);
    }
  };
  return (
    <TitledDialog
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={
        <span className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5" />
          {rotated ? 'New signing secret' : 'Webhook added: its signing secret'}
        </span>
      }
      description="Your receiver verifies every event with this secret (Standard Webhooks)."
      className="max-w-lg"
    >
      <div className="grid gap-4">
        <Alert variant="warning">
          <AlertDescription>
            Copy it now: it is shown only this once.
            {rotated ? ' The previous secret keeps signing beside it for 24 hours, so switch your receiver within a day.' : ''}
          </AlertDescription>
        </Alert>
        <label htmlFor="webhook-secret" className="text-sm font-medium text-slate-900">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret ?? ''}
          data-testid="webhook-secret"
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => void (secret && copySecret(secret))}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
          <Button type="button" onClick={close}>
            Done
          </Button>
        </DialogFooter>
        <p className="sr-only" role="status">
          {copied ? 'Secret copied to the clipboard' : ''}
        </p>
      </div>
    </TitledDialog>
  );
}
