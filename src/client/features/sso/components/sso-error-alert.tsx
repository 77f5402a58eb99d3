import { useEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { ssoErrorMessage } from '../lib/sso-error.ts';

/**
 * Why the last single sign-on did not finish, shown on /auth. It takes the focus when it appears, so
 * a keyboard or screen-reader user lands on it after the redirect back from the provider.
 */
export function SsoErrorAlert({ code, onTryAgain }: { code: string; onTryAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} variant="destructive" tabIndex={-1} className="focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:outline-none" data-testid="sso-error">
      <AlertTitle>Single sign-on did not finish</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p className="wrap-anywhere">{ssoErrorMessage(code)}</p>
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onTryAgain}>
          Try SSO again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
