import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { useMfaStatus } from '@/client/features/mfa/api/get-mfa-status.ts';
import { MfaGate } from '@/client/features/mfa/components/mfa-gate.tsx';
import { MfaSelfCheckCard } from '@/client/features/mfa/components/mfa-self-check-card.tsx';
import { MfaSetupCard } from '@/client/features/mfa/components/mfa-setup-card.tsx';
import { MfaUnlockCard } from '@/client/features/mfa/components/mfa-unlock-card.tsx';
import { VERIFICATION_TITLE } from '@/client/features/mfa/components/mfa-verification-card.tsx';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';
import { useUnlockToken } from '@/client/features/mfa/hooks/use-unlock-token.ts';
import { PasskeysCard } from '@/client/features/passkeys/components/passkeys-card.tsx';

function PageShell({ children }: { children: ReactNode }) {
  return <div className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-6">{children}</div>;
}

/** Passkeys are managed beside TOTP, never instead of it: the card shows only while TOTP is on. */
function PasskeysSection() {
  const status = useMfaStatus();
  return status.data?.totpEnabled ? <PasskeysCard StepUpDialog={StepUpDialog} /> : null;
}

/** /mfa-settings: the set-up card, then the passkeys, behind the gate (a new account sees the wizard first). */
export function MfaSettingsPage() {
  return (
    <MfaGate>
      <PageShell>
        <MfaSetupCard />
        <p className="text-sm text-slate-600">
          Not sure your app is in sync?{' '}
          <Link href="/mfa-test" className="text-blue-700 underline">
            Check a code
          </Link>
          .
        </p>
        <PasskeysSection />
      </PageShell>
    </MfaGate>
  );
}

/** /mfa-verification: the verification card on its own; also where the e-mailed unlock link lands. */
export function MfaVerificationPage() {
  const [, navigate] = useLocation();
  const { unlockToken, clearUnlockToken } = useUnlockToken();
  if (unlockToken) {
    return (
      <PageShell>
        <MfaUnlockCard token={unlockToken} onDone={clearUnlockToken} />
      </PageShell>
    );
  }
  return (
    <MfaGate verificationTitle={VERIFICATION_TITLE}>
      <PageShell>
        <Card className="w-full max-w-md text-center">
          <CardHeader className="items-center">
            <CheckCircle2 className="mx-auto size-10 text-green-700" aria-hidden="true" />
            <CardTitle>You're verified</CardTitle>
            <CardDescription>This session has passed two-factor authentication.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button type="button" className="w-full" onClick={() => navigate('/')}>
              Continue
            </Button>
          </CardFooter>
        </Card>
      </PageShell>
    </MfaGate>
  );
}

/** /mfa-test: a self-check of the authenticator (match now, and the device clock offset). */
export function MfaTestPage() {
  return (
    <MfaGate>
      <PageShell>
        <MfaSelfCheckCard />
      </PageShell>
    </MfaGate>
  );
}
