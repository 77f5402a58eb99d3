import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { ClaimInputSchema, type ClaimInput } from '@/contracts/billing.ts';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button, buttonVariants } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '@/client/lib/current-user.ts';
import { useClaimSubscription } from '../api/claim-subscription.ts';
import { clearClaimToken, readClaimToken, saveClaimToken } from '../lib/checkout-draft.ts';

function ClaimCodeForm({ onCode }: { onCode: (token: string) => void }) {
  const form = useForm<ClaimInput>({ resolver: zodResolver(ClaimInputSchema), defaultValues: { token: '' } });
  const error = form.formState.errors.token?.message;
  return (
    <form noValidate aria-label="Claim code" className="grid gap-4" onSubmit={form.handleSubmit((values) => onCode(values.token.trim()))}>
      <FormField id="claim-code" label="Code from your e-mail" error={error} required>
        <Input {...fieldAria('claim-code', error)} autoComplete="one-time-code" spellCheck={false} {...form.register('token')} />
      </FormField>
      <Button type="submit" className="justify-self-start">
        Continue
      </Button>
    </form>
  );
}

function ClaimSucceeded() {
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-green-200 bg-white p-10 text-center" data-testid="claim-success">
      <CheckCircle2 className="size-12 text-green-700" aria-hidden="true" />
      <h2 className="text-2xl font-semibold text-slate-900">Your subscription is attached to your organisation</h2>
      <p className="max-w-md text-slate-700">Next, protect your account with two-factor authentication; then your first risk assessment.</p>
      <Link href="/" className={buttonVariants()}>
        Continue to CIFER
      </Link>
    </div>
  );
}

function EnterClaimCode({ onCode }: { onCode: (code: string) => void }) {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Enter your claim code</CardTitle>
        <CardDescription>After paying, we e-mailed you a link and a code. Paste the code here to attach the subscription to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ClaimCodeForm onCode={onCode} />
      </CardContent>
    </Card>
  );
}

/** The refusal, with a way to start again with another code. */
function ClaimFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>The subscription could not be claimed</AlertTitle>
      <AlertDescription>
        {getErrorMessage(error)}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onRetry}>
          Enter a different code
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * /claim-subscription/{token?}: attaches a subscription paid before having an account to the
 * signed-in user's organisation. Without a token it asks for the code from the e-mail; without
 * an account it shows `renderAuth` (sign up or log in), then claims at once.
 */
export function ClaimView({
  token: tokenFromUrl,
  renderAuth,
}: {
  token?: string | undefined;
  renderAuth: (onSignedIn: () => void) => ReactNode;
}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { data: user, isLoading } = useCurrentUser();
  const claim = useClaimSubscription();
  const [token, setToken] = useState<string | null>(() => tokenFromUrl ?? readClaimToken());

  // Keep the code out of the address bar, the history and any Referer once it is read.
  useEffect(() => {
    if (!tokenFromUrl) return;
    saveClaimToken(tokenFromUrl);
    navigate('/claim-subscription', { replace: true });
  }, [tokenFromUrl, navigate]);

  const redeem = (code: string) => claim.mutate({ token: code }, { onSuccess: () => clearClaimToken() });

  if (claim.isSuccess) return <ClaimSucceeded />;
  if (!token) {
    return (
      <EnterClaimCode
        onCode={(code) => {
          saveClaimToken(code);
          setToken(code);
        }}
      />
    );
  }
  if (isLoading) return <LoadingState message="Checking your session..." />;

  const failure = claim.isError ? (
    <ClaimFailed
      error={claim.error}
      onRetry={() => {
        clearClaimToken();
        claim.reset();
        setToken(null);
      }}
    />
  ) : null;

  if (!user) {
    return (
      <div className="grid gap-6">
        {failure}
        <p className="max-w-2xl text-slate-700">
          Create your CIFER account (or log in if you already have one); your paid subscription is then attached to your organisation.
        </p>
        {renderAuth(() => {
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
          redeem(token);
        })}
      </div>
    );
  }
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Attach the subscription</CardTitle>
        <CardDescription>Signed in as {user.email}. The paid subscription will belong to your organisation.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failure}
        <Button className="justify-self-start" onClick={() => redeem(token)} disabled={claim.isPending}>
          {claim.isPending ? 'Attaching...' : 'Attach to my organisation'}
        </Button>
      </CardContent>
    </Card>
  );
}
