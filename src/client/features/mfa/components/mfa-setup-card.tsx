import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { TotpSetupResponse } from '@/contracts/mfa.ts';
import { useDisableTotp } from '../api/disable-totp.ts';
import { useMfaStatus } from '../api/get-mfa-status.ts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes.ts';
import { useSetupTotp } from '../api/setup-totp.ts';
import { useVerifyTotpSetup } from '../api/verify-totp-setup.ts';
import { getErrorCode, isCompleteTotp, sanitizeTotpInput } from '../lib/mfa-input.ts';
import { BackupCodesPanel, SINGLE_USE_WARNING } from './backup-codes-panel.tsx';
import { MfaVerificationCard } from './mfa-verification-card.tsx';
import { QR_CODE_SETUP_SIZE, QrCodeImage } from './qr-code-image.tsx';

export type SetupStep = 'status' | 'verify' | 'complete';
type SensitiveAction = 'disable' | 'regenerate';

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: 'Text copied to clipboard' });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the key and copy it by hand.', variant: 'destructive' });
  }
}

/**
 * Spec section 2 "MFA setup card": status -> verify (QR code, manual key, 6-digit code, Cancel
 * Setup) -> complete (backup codes, Download, Done) -> status. Disable and Regenerate ask for a
 * fresh code first when the server wants a step-up (security.md decision 5).
 */
export function MfaSetupCard({ onComplete, onStepChange }: { onComplete?: () => void; onStepChange?: (step: SetupStep) => void }) {
  const queryClient = useQueryClient();
  const status = useMfaStatus();
  const [step, setStepState] = useState<SetupStep>('status');
  const setStep = (next: SetupStep) => {
    setStepState(next);
    onStepChange?.(next);
  };
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [showCodes, setShowCodes] = useState(false);
  const [stepUpFor, setStepUpFor] = useState<SensitiveAction | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const codeId = useId();

  const startSetup = useSetupTotp();
  const verifySetup = useVerifyTotpSetup();
  const disable = useDisableTotp();
  const regenerate = useRegenerateBackupCodes();

  const totpEnabled = step === 'complete' || (status.data?.totpEnabled ?? false);

  const beginSetup = () =>
    startSetup.mutate(undefined, {
      onSuccess: (response) => {
        setSetup(response);
        setCode('');
        setStep('verify');
        toast({ title: 'TOTP Setup Started', description: 'Scan the QR code with your authenticator app' });
      },
      onError: (error) => toast({ title: 'Setup Failed', description: getErrorMessage(error), variant: 'destructive' }),
    });

  const confirmSetup = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteTotp(code)) return;
    verifySetup.mutate(
      { code },
      {
        onSuccess: ({ backupCodes }) => {
          setCodes(backupCodes);
          setSetup(null);
          setStep('complete');
          toast({ title: 'TOTP Enabled', description: 'Two-factor authentication is now active' });
        },
        onError: (error) => {
          setCode('');
          toast({ title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const finish = async () => {
    setStep('status');
    setShowCodes(false);
    await queryClient.invalidateQueries();
    onComplete?.();
  };

  const runSensitive = (action: SensitiveAction) => {
    const onError = (error: unknown) => {
      if (getErrorCode(error) === 'step_up_required') {
        setStepUpFor(action);
        return;
      }
      toast({ title: action === 'disable' ? 'Disable Failed' : 'Regeneration Failed', description: getErrorMessage(error), variant: 'destructive' });
    };
    if (action === 'disable') {
      disable.mutate(undefined, {
        onSuccess: () => {
          setCodes(null);
          setShowCodes(false);
          setConfirmDisable(false);
          setStep('status');
          toast({ title: 'TOTP Disabled', description: 'Set up two-factor authentication again to keep using CIFER.' });
        },
        onError,
      });
    } else {
      regenerate.mutate(undefined, {
        onSuccess: ({ backupCodes }) => {
          setCodes(backupCodes);
          setShowCodes(true);
          toast({ title: 'Backup Codes Regenerated', description: 'Your old backup codes no longer work.' });
        },
        onError,
      });
    }
  };

  return (
    <Card className="w-full max-w-lg" data-testid="mfa-setup-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-6 text-blue-700" aria-hidden="true" />
            Multi-Factor Authentication
          </CardTitle>
          <Badge variant={totpEnabled ? 'success' : 'secondary'} className="whitespace-nowrap">{totpEnabled ? 'TOTP Enabled' : 'TOTP Disabled'}</Badge>
        </div>
        <CardDescription>Protect your account with a one-time code from an authenticator app.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {step === 'status' && !totpEnabled ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Install an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then set up TOTP. You will scan a QR code and confirm
              with a 6-digit code.
            </p>
            <Button type="button" className="w-full" onClick={beginSetup} disabled={startSetup.isPending}>
              {startSetup.isPending ? 'Starting...' : 'Set Up TOTP'}
            </Button>
          </div>
        ) : null}

        {step === 'status' && totpEnabled ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">
              Backup codes remaining: <strong data-testid="backup-codes-remaining">{status.data?.backupCodesCount ?? 0}</strong>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => setShowCodes((shown) => !shown)}>
                View Codes
              </Button>
              <Button type="button" variant="outline" onClick={() => runSensitive('regenerate')} disabled={regenerate.isPending}>
                {regenerate.isPending ? 'Regenerating...' : 'Regenerate'}
              </Button>
              <Button type="button" variant="destructive" onClick={() => setConfirmDisable(true)} disabled={disable.isPending}>
                <ShieldOff aria-hidden="true" />
                Disable TOTP
              </Button>
            </div>
            {showCodes ? (
              codes ? (
                <BackupCodesPanel codes={codes} />
              ) : (
                <Alert>
                  <AlertDescription>
                    For your security, backup codes are stored only in a form that cannot be read back and are shown once, when they are generated. Use Regenerate to get a new set.
                  </AlertDescription>
                </Alert>
              )
            ) : null}
          </div>
        ) : null}

        {step === 'verify' && setup ? (
          <div className="space-y-4">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
              <li>Scan the QR code with your authenticator app, or enter the key by hand.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <div className="flex justify-center">
              <QrCodeImage value={setup.qrCodeUri} size={QR_CODE_SETUP_SIZE} />
            </div>
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-900" id={`${codeId}-key-label`}>
                Manual entry key
              </p>
              <div className="flex items-center gap-2">
                <code aria-labelledby={`${codeId}-key-label`} data-testid="manual-entry-key" className="flex-1 rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all">
                  {setup.manualEntryKey}
                </code>
                <Button type="button" variant="outline" size="icon" onClick={() => void copyText(setup.manualEntryKey)} aria-label="Copy manual entry key">
                  <Copy aria-hidden="true" />
                </Button>
              </div>
            </div>
            <form onSubmit={confirmSetup} className="space-y-3">
              <div className="space-y-2">
                <Label htmlFor={codeId}>Verification code</Label>
                <Input
                  id={codeId}
                  value={code}
                  onChange={(event) => setCode(sanitizeTotpInput(event.target.value))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  placeholder="000000"
                  className="text-center font-mono text-2xl tracking-[0.5em]"
                />
              </div>
              <div className="flex gap-2">
                <Button type="button" variant="outline" className="flex-1" onClick={() => setStep('status')}>
                  Cancel Setup
                </Button>
                <Button type="submit" className="flex-1" disabled={!isCompleteTotp(code) || verifySetup.isPending}>
                  {verifySetup.isPending ? 'Verifying...' : 'Verify and Enable'}
                </Button>
              </div>
            </form>
          </div>
        ) : null}

        {step === 'complete' && codes ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">Two-factor authentication is on. Save these backup codes: use one if you lose access to your authenticator app.</p>
            <BackupCodesPanel codes={codes} />
            <Button type="button" className="w-full" onClick={() => void finish()}>
              Done
            </Button>
          </div>
        ) : null}

        {step !== 'complete' ? <p className="text-sm text-slate-600">{SINGLE_USE_WARNING.split('.')[0]}.</p> : null}
      </CardContent>

      <Dialog open={confirmDisable} onOpenChange={setConfirmDisable}>
        <DialogContent>
          <DialogTitle>Disable two-factor authentication?</DialogTitle>
          <DialogDescription>
            Your other sessions will be signed out and your backup codes deleted. CIFER requires two-factor authentication, so you will have to set it up again before continuing.
          </DialogDescription>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setConfirmDisable(false)}>
              Keep TOTP
            </Button>
            <Button type="button" variant="destructive" onClick={() => runSensitive('disable')} disabled={disable.isPending}>
              {disable.isPending ? 'Disabling...' : 'Disable TOTP'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={stepUpFor !== null} onOpenChange={(open) => !open && setStepUpFor(null)}>
        <DialogContent className="max-w-md border-0 bg-transparent p-0 shadow-none">
          <DialogTitle className="sr-only">Confirm it&apos;s you</DialogTitle>
          <DialogDescription className="sr-only">Enter a current code to continue.</DialogDescription>
          <MfaVerificationCard
            title="Confirm It's You"
            description="For your security, enter a current code from your authenticator app (or a backup code) to continue."
            onCancel={() => setStepUpFor(null)}
            onSuccess={() => {
              const action = stepUpFor;
              setStepUpFor(null);
              if (action) runSensitive(action);
            }}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
