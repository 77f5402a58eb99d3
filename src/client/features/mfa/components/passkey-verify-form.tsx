import { Fingerprint } from 'lucide-react';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useVerifyWithPasskey } from '../api/verify-passkey.ts';

/**
 * The verification card's "Use a passkey" choice: one button, the browser's prompt, done. A
 * cancelled prompt (NotAllowedError: the browser does not say whether cancelled or timed out) is
 * not a failure worth a red toast.
 */
export function PasskeyVerifyForm({ onSuccess }: { onSuccess?: (() => void) | undefined }) {
  const verify = useVerifyWithPasskey();
  const start = () =>
    verify.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Verification Successful', description: 'Authenticated via passkey' });
        onSuccess?.();
      },
      onError: (error) => {
        const cancelled = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
        toast(
          cancelled
            ? {
                title: 'Passkey check cancelled',
                description: 'Nothing was sent. Try again, or use your authenticator app or a backup code.',
              }
            : { title: 'Verification Failed', description: getErrorMessage(error), variant: 'destructive' },
        );
      },
    });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">Your browser asks you to confirm with your fingerprint, face, screen lock or security key.</p>
      <Button type="button" className="w-full" onClick={start} disabled={verify.isPending}>
        <Fingerprint aria-hidden="true" />
        {verify.isPending ? 'Waiting for your passkey...' : 'Verify with a passkey'}
      </Button>
    </div>
  );
}
