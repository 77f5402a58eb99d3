import { Unlock } from 'lucide-react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useUnlockMfa } from '../api/unlock-mfa.ts';

/** Opened from the lock-out e-mail (the token travels in the URL fragment, never to the server's logs). */
export function MfaUnlockCard({ token, onDone }: { token: string; onDone: () => void }) {
  const unlock = useUnlockMfa();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Unlock className="size-6 text-blue-700" aria-hidden="true" />
          Unlock Two-Factor Verification
        </CardTitle>
        <CardDescription>Too many wrong codes locked two-factor verification on your account. If those attempts were yours, unlock it here.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {unlock.isSuccess ? (
          <>
            <Alert variant="success">
              <AlertDescription>{unlock.data.message}</AlertDescription>
            </Alert>
            <Button type="button" className="w-full" onClick={onDone}>
              Continue
            </Button>
          </>
        ) : (
          <Button type="button" className="w-full" onClick={() => unlock.mutate({ token })} disabled={unlock.isPending}>
            {unlock.isPending ? 'Unlocking...' : 'Unlock'}
          </Button>
        )}
        {unlock.error ? (
          <Alert variant="destructive">
            <AlertDescription>{getErrorMessage(unlock.error)}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
