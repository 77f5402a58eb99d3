import { Lock, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { useMfaStatus } from '../api/get-mfa-status.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import { isNetworkFailure, isOfflineMfaVerified, rememberMfaVerified } from '@/client/lib/offline-session.ts';

// A verified session passes the gate without them: the set-up wizard and the verification card
// (forms, tabs, dialogs) load only when the gate shows them, off the way to every signed-in page.
const MfaSetupCard = lazy(async () => ({ default: (await import('./mfa-setup-card.tsx')).MfaSetupCard }));
const MfaVerificationCard = lazy(async () => ({ default: (await import('./mfa-verification-card.tsx')).MfaVerificationCard }));

const GATE_VERIFICATION_TITLE = 'Secure Access Required';

const GATE_TEXTS = {
  signedOut: 'Authentication Required',
  checking: 'Checking security status...',
  setupRequired: 'Security Setup Required',
  verificationRequired: 'Authentication Required',
  preparing: 'Preparing secure access...',
} as const;

function GateFrame({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-6" aria-labelledby="mfa-gate-title">
      <div className="max-w-lg text-center">
        {icon}
        <h1 id="mfa-gate-title" className="mt-2 text-2xl font-bold text-slate-900">
          {title}
        </h1>
        <p className="mt-1 text-slate-700">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * Spec section 2 "MFA gate around protected content", in this order: no user; status loading;
 * TOTP not enabled (set-up wizard); session not verified (verification card); both (content);
 * otherwise 'Preparing secure access...'. The server enforces the same rule on every protected
 * call; this gate only spares the user refused requests. `bypass` shows the content as is (the
 * spec names the flag without a use; nothing in the app sets it).
 */
export function MfaGate({ children, bypass = false, verificationTitle = GATE_VERIFICATION_TITLE }: { children: ReactNode; bypass?: boolean; verificationTitle?: string }) {
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;
  const status = useMfaStatus({ enabled: Boolean(user) && !bypass });
  // Keeps the wizard on screen while it shows the new backup codes, even if the status
  // refreshes to "enabled" meanwhile; Done opens the gate.
  const [showingNewCodes, setShowingNewCodes] = useState(false);
  // Remembered for the installed app's offline start (ADR 161); the server still checks every call.
  useEffect(() => {
    if (user && status.data) rememberMfaVerified(user.id, status.data.totpEnabled && status.data.sessionMfaComplete);
  }, [user, status.data]);

  if (bypass) return <>{children}</>;
  if (userQuery.isLoading) return <LoadingState message={GATE_TEXTS.checking} />;

  if (!user || (status.isFetched && status.data === null)) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center p-6">
        <Card className="w-full max-w-md text-center">
          <CardHeader className="items-center">
            <Lock className="mx-auto size-10 text-blue-700" aria-hidden="true" />
            <CardTitle>{GATE_TEXTS.signedOut}</CardTitle>
            <CardDescription>Please log in to access this page.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full">
              <a href="/api/login">Log In</a>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  // No connection: open only for the user who passed this gate when last online.
  if (!status.data && (isNetworkFailure(status.error) || status.fetchStatus === 'paused') && isOfflineMfaVerified(user.id)) return <>{children}</>;
  if (status.isLoading) return <LoadingState message={GATE_TEXTS.checking} />;

  const data = status.data;
  if (data && (!data.totpEnabled || showingNewCodes)) {
    return (
      <GateFrame
        icon={<ShieldAlert className="mx-auto size-10 text-amber-600" aria-hidden="true" />}
        title={GATE_TEXTS.setupRequired}
        description="CIFER requires two-factor authentication. Set up an authenticator app to continue."
      >
        <Suspense fallback={<LoadingState message={GATE_TEXTS.preparing} />}>
          <MfaSetupCard onStepChange={(step) => setShowingNewCodes(step === 'complete')} />
        </Suspense>
      </GateFrame>
    );
  }
  if (data && data.totpEnabled && !data.sessionMfaComplete) {
    return (
      <GateFrame
        icon={<Lock className="mx-auto size-10 text-blue-700" aria-hidden="true" />}
        title={GATE_TEXTS.verificationRequired}
        description="Confirm it's you with your second factor to continue."
      >
        <Suspense fallback={<LoadingState message={GATE_TEXTS.preparing} />}>
          <MfaVerificationCard title={verificationTitle} />
        </Suspense>
      </GateFrame>
    );
  }
  if (data && data.totpEnabled && data.sessionMfaComplete) return <>{children}</>;
  return <LoadingState message={GATE_TEXTS.preparing} />;
}
