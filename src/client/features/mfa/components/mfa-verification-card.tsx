import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { MfaMethod } from '@/contracts/mfa.ts';
import { useVerifyMfa } from '../api/verify-mfa.ts';
import { usePasskeyAvailability } from '../api/verify-passkey.ts';
import { describeMfaMethod } from '../lib/mfa-input.ts';
import { CodeField, useCodeForm } from './code-field.tsx';
import { PasskeyVerifyForm } from './passkey-verify-form.tsx';

export const VERIFICATION_TITLE = 'Two-Factor Authentication Required';
export const TROUBLE_HINT = 'Having trouble? Contact support for assistance with account recovery.';

/** What verified the session: a code of either kind, or a passkey (ADR 226). */
export type VerifiedMethod = MfaMethod | 'passkey';

/**
 * Spec section 2 "MFA verification card": Authenticator (6 digits) and Backup Code (8 characters)
 * tabs, an optional Cancel, and the 'Having trouble?' hint. A third tab, "Use a passkey", appears
 * when the browser supports WebAuthn and the user has registered a passkey.
 */
export function MfaVerificationCard({
  title = VERIFICATION_TITLE,
  description = 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  onSuccess,
  onCancel,
}: {
  title?: string;
  description?: string;
  onSuccess?: (method: VerifiedMethod) => void;
  onCancel?: () => void;
}) {
  const [tab, setTab] = useState<VerifiedMethod>('totp');
  const webAuthn = browserSupportsWebAuthn();
  const availability = usePasskeyAvailability({ enabled: webAuthn });
  const offersPasskey = webAuthn && (availability.data?.count ?? 0) > 0;
  return (
    <Card className="w-full max-w-md" data-testid="mfa-verification-card">
      <CardHeader className="text-center">
        <ShieldCheck className="mx-auto size-10 text-blue-700" aria-hidden="true" />
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => setTab(value as VerifiedMethod)}>
          {/* Three labels do not fit one line on a phone: they wrap inside taller tabs instead. */}
          <TabsList className={offersPasskey ? 'h-auto' : undefined}>
            <TabsTrigger value="totp" className={offersPasskey ? 'h-full whitespace-normal' : undefined}>
              Authenticator
            </TabsTrigger>
            <TabsTrigger value="backup" className={offersPasskey ? 'h-full whitespace-normal' : undefined}>
              Backup Code
            </TabsTrigger>
            {offersPasskey ? (
              <TabsTrigger value="passkey" className="h-full whitespace-normal">
                Use a passkey
              </TabsTrigger>
            ) : null}
          </TabsList>
          <TabsContent value="totp">
            <VerifyCodeForm kind="totp" onSuccess={onSuccess} />
          </TabsContent>
          <TabsContent value="backup">
            <VerifyCodeForm kind="backup" onSuccess={onSuccess} />
          </TabsContent>
          {offersPasskey ? (
            <TabsContent value="passkey">
              <PasskeyVerifyForm onSuccess={() => onSuccess?.('passkey')} />
            </TabsContent>
          ) : null}
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

const VERIFY_FORMS = {
  totp: { label: 'Authentication code', hint: 'The 6-digit code shown in your authenticator app.', submit: 'Verify' },
  backup: {
    label: 'Backup code',
    hint: (
      <>
        <KeyRound className="size-4" aria-hidden="true" />
        One of the 8-character codes you saved. Each works only once.
      </>
    ),
    submit: 'Verify Backup Code',
  },
} as const;

/** One tab of the card: a code of one kind, sent to POST /api/mfa/verify. */
function VerifyCodeForm({ kind, onSuccess }: { kind: MfaMethod; onSuccess?: ((method: VerifiedMethod) => void) | undefined }) {
  const { form, isComplete } = useCodeForm(kind);
  const verify = useVerifyMfa();
  const text = VERIFY_FORMS[kind];

  const submit = form.handleSubmit(({ code }) => {
    verify.mutate(
      { type: kind, code: code.toUpperCase() },
      {
        onSuccess: ({ method }) => {
          toast({ title: 'Verification Successful', description: `Authenticated via ${describeMfaMethod(method)}` });
          form.reset();
          onSuccess?.(method);
        },
        onError: (error) => {
          toast({ title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' });
          if (kind === 'totp') form.reset();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-4">
      <CodeField kind={kind} control={form.control} label={text.label} hint={text.hint} autoFocus={kind === 'totp'} />
      <Button type="submit" className="w-full" disabled={!isComplete || verify.isPending}>
        {verify.isPending ? 'Verifying...' : text.submit}
      </Button>
    </form>
  );
}
