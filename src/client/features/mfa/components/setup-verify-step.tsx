import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { TotpSetupResponse } from '@/contracts/mfa.ts';
import { useVerifyTotpSetup } from '../api/verify-totp-setup.ts';
import { CodeField, useCodeForm } from './code-field.tsx';
import { QR_CODE_SETUP_SIZE, QrCodeImage } from './qr-code-image.tsx';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Text copied to clipboard' });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
  }
}

/** The verify step of the wizard: QR code, manual key with copy, the first code, Cancel Setup. */
export function SetupVerifyStep({ setup, onVerified, onCancel }: { setup: TotpSetupResponse; onVerified: (backupCodes: string[]) => void; onCancel: () => void }) {
  const keyLabelId = useId();
  const { form, isComplete } = useCodeForm('totp');
  const verifySetup = useVerifyTotpSetup();

  const submit = form.handleSubmit(({ code }) =>
    verifySetup.mutate(
      { code },
      {
        onSuccess: ({ backupCodes }) => {
          toast({ title: 'TOTP Enabled', description: 'Two-factor authentication is now active' });
          onVerified(backupCodes);
        },
        onError: (error) => {
          form.reset();
          toast({ title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan the QR code with your authenticator app, or enter the key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex justify-center">
        <QrCodeImage value={setup.qrCodeUri} size={QR_CODE_SETUP_SIZE} />
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-900" id={keyLabelId}>
          Manual entry key
        </p>
        <div className="flex items-center gap-2">
          <code aria-labelledby={keyLabelId} data-testid="manual-entry-key" className="flex-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all">
            {setup.manualEntryKey}
          </code>
          <Button type="button" variant="outline" size="icon" onClick={() => void copyText(setup.manualEntryKey)} aria-label="Copy manual entry key">
            <Copy aria-hidden="true" />
          </Button>
        </div>
      </div>
      <form onSubmit={submit} className="space-y-3">
        <CodeField kind="totp" control={form.control} label="Verification code" />
        <div className="flex gap-2">
          <Button type="button" variant="outline" className="flex-1" onClick={onCancel}>
            Cancel Setup
          </Button>
          <Button type="submit" className="flex-1" disabled={!isComplete || verifySetup.isPending}>
            {verifySetup.isPending ? 'Verifying...' : 'Verify and Enable'}
          </Button>
        </div>
      </form>
    </div>
  );
}
