import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { ApiError } from '@/client/lib/api-client.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';
import { describeSignInError } from '../lib/passkey-errors.ts';

function showPaymentRequired() {
  toast({ title: 'Payment Required', description: 'Please complete your subscription to access CIFER.', variant: 'destructive' });
}

/**
 * "Sign in with a passkey" on /auth (ADR 226): one step for both factors. Afterwards it goes where a
 * password log-in followed by the second factor would: `/`, or /subscribe when payment is due.
 * Not shown in a browser without WebAuthn.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn?: () => void }) {
  const [, navigate] = useLocation();
  const signIn = useSignInWithPasskey();
  if (!browserSupportsWebAuthn()) return null;

  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: (data) => {
        // A page that signs in on the way somewhere continues itself.
        if (onSignedIn) return onSignedIn();
        if (data.requiresPayment) {
          showPaymentRequired();
          return navigate('/subscribe');
        }
        navigate('/');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) {
          showPaymentRequired();
          return navigate('/subscribe');
        }
        const message = describeSignInError(error);
        toast({
          title: message.calm ? 'Passkey sign-in cancelled' : 'Passkey sign-in failed',
          description: message.text,
          variant: message.calm ? 'default' : 'destructive',
        });
      },
    });

  return (
    <Button type="button" variant="outline" className="w-full" onClick={start} disabled={signIn.isPending}>
      <KeyRound aria-hidden="true" />
      {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
