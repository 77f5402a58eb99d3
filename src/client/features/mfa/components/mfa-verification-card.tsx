import { KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { MfaMethod } from '@/contracts/mfa.ts';
import { useVerifyMfa } from '../api/verify-mfa.ts';
import { describeMfaMethod, isCompleteBackupCode, isCompleteTotp, sanitizeBackupCodeInput, sanitizeTotpInput } from '../lib/mfa-input.ts';

export const VERIFICATION_TITLE = 'Two-Factor Authentication Required';
export const GATE_VERIFICATION_TITLE = 'Secure Access Required';
export const TROUBLE_HINT = 'Having trouble? Contact support for assistance with account recovery.';

/**
 * Spec section 2 "MFA verification card": Authenticator (6 digits) and Backup Code (8 characters)
 * tabs, an optional Cancel, and the 'Having trouble?' hint.
 */
export function MfaVerificationCard({
  title = VERIFICATION_TITLE,
  description = 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  onSuccess,
  onCancel,
}: {
  title?: string;
  description?: string;
  onSuccess?: (method: MfaMethod) => void;
  onCancel?: () => void;
}) {
  const [tab, setTab] = useState<MfaMethod>('totp');
  const [totpCode, setTotpCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const verify = useVerifyMfa();
  const totpId = useId();
  const backupId = useId();

  const submit = (type: MfaMethod) => (event: FormEvent) => {
    event.preventDefault();
    const code = type === 'totp' ? totpCode : backupCode.toUpperCase();
    if (type === 'totp' ? !isCompleteTotp(code) : !isCompleteBackupCode(code)) return;
    verify.mutate(
      { type, code },
      {
        onSuccess: ({ method }) => {
          toast({ title: 'Verification Successful', description: `Authenticated via ${describeMfaMethod(method)}` });
          setTotpCode('');
          setBackupCode('');
          onSuccess?.(method);
        },
        onError: (error) => {
          toast({ title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' });
          if (type === 'totp') setTotpCode('');
        },
      },
    );
  };

  return (
    <Card className="w-full max-w-md" data-testid="mfa-verification-card">
      <CardHeader className="text-center">
        <ShieldCheck className="mx-auto size-10 text-blue-700" aria-hidden="true" />
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as MfaMethod)}>
          <TabsList>
            <TabsTrigger value="totp">Authenticator</TabsTrigger>
            <TabsTrigger value="backup">Backup Code</TabsTrigger>
          </TabsList>
          <TabsContent value="totp">
            <form onSubmit={submit('totp')} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor={totpId}>Authentication code</Label>
                <Input
                  id={totpId}
                  value={totpCode}
                  onChange={(event) => setTotpCode(sanitizeTotpInput(event.target.value))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  placeholder="000000"
                  className="text-center font-mono text-2xl tracking-[0.5em]"
                  aria-describedby={`${totpId}-hint`}
                  autoFocus
                />
                <p id={`${totpId}-hint`} className="text-sm text-slate-600">
                  The 6-digit code shown in your authenticator app.
                </p>
              </div>
              <Button type="submit" className="w-full" disabled={!isCompleteTotp(totpCode) || verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify'}
              </Button>
            </form>
          </TabsContent>
          <TabsContent value="backup">
            <form onSubmit={submit('backup')} className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor={backupId}>Backup code</Label>
                <Input
                  id={backupId}
                  value={backupCode}
                  onChange={(event) => setBackupCode(sanitizeBackupCodeInput(event.target.value))}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="XXXXXXXX"
                  className="text-center font-mono text-2xl tracking-[0.3em] uppercase"
                  aria-describedby={`${backupId}-hint`}
                />
                <p id={`${backupId}-hint`} className="flex items-center gap-1 text-sm text-slate-600">
                  <KeyRound className="size-4" aria-hidden="true" />
                  One of the 8-character codes you saved. Each works only once.
                </p>
              </div>
              <Button type="submit" className="w-full" disabled={!isCompleteBackupCode(backupCode) || verify.isPending}>
                {verify.isPending ? 'Verifying...' : 'Verify Backup Code'}
              </Button>
            </form>
          </TabsContent>
        </Tabs>
      </CardContent>
      <CardFooter className="flex flex-col gap-3">
        {onCancel ? (
          <Button type="button" variant="outline" className="w-full" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <p className="text-center text-sm text-slate-600">{TROUBLE_HINT}</p>
      </CardFooter>
    </Card>
  );
}
