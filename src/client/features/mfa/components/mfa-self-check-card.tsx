import { Clock } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { MfaTestResponse } from '@/contracts/mfa.ts';
import { useTestMfaCode } from '../api/test-mfa-code.ts';
import { CodeField, useCodeForm } from './code-field.tsx';

function describeClockOffset(result: Pick<MfaTestResponse, 'offsetSteps' | 'offsetSeconds'>): string {
  if (result.offsetSteps === null || result.offsetSeconds === null) {
    return 'The code does not match any time within 5 minutes of the server clock. Check that the app entry belongs to this account, or set your device clock to automatic.';
  }
  if (result.offsetSteps === 0) return 'Your device clock is in step with the server.';
  const seconds = Math.abs(result.offsetSeconds);
  return `Your device clock is about ${seconds} seconds ${result.offsetSteps > 0 ? 'ahead of' : 'behind'} the server.`;
}

/** /mfa-test: checks a code against the server clock without using it up or changing anything. */
export function MfaSelfCheckCard() {
  const { form, isComplete } = useCodeForm('totp');
  const check = useTestMfaCode();
  const submit = form.handleSubmit(({ code }) => check.mutate({ code }));
  const result = check.data;

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-6 text-blue-700" aria-hidden="true" />
          Authenticator Self-Check
        </CardTitle>
        <CardDescription>Enter the current code from your authenticator app to see whether it matches now. This does not sign you in or use up the code.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3">
          <CodeField kind="totp" control={form.control} label="Authentication code" />
          <Button type="submit" className="w-full" disabled={!isComplete || check.isPending}>
            {check.isPending ? 'Checking...' : 'Check Code'}
          </Button>
        </form>
        <div aria-live="polite">
          {result ? (
            <Alert variant={result.match ? 'success' : 'warning'}>
              <AlertTitle>{result.match ? 'Code matches' : 'Code does not match now'}</AlertTitle>
              <AlertDescription>{describeClockOffset(result)}</AlertDescription>
            </Alert>
          ) : null}
          {check.error ? (
            <Alert variant="destructive">
              <AlertDescription>{getErrorMessage(check.error)}</AlertDescription>
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
