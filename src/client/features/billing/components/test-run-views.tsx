import { FlaskConical } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import type { BillingTestRun } from '@/contracts/billing.ts';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { useStartTestCheckout } from '../api/start-test-checkout.ts';
import { useTestRun } from '../api/get-test-run.ts';
import { useTestSubscriptionChange } from '../api/change-test-subscription.ts';

const LAST_RUN_KEY = 'cifer-billing-test-run';

function rememberRun(id: string) {
  try {
    sessionStorage.setItem(LAST_RUN_KEY, id);
  } catch {
    // the run id stays in the URL
  }
}

function lastRun(): string | null {
  try {
    return sessionStorage.getItem(LAST_RUN_KEY);
  } catch {
    return null;
  }
}

/**
 * Shows nothing but the refusal unless the deployment runs a Stripe test key (or the local fake)
 * and a super administrator is signed in: the pages buy and change subscriptions (ADR 134).
 */
function TestModeOnly({ children }: { children: React.ReactNode }) {
  const overview = useBillingOverview();
  const currentUser = useCurrentUser();
  if (overview.isPending || currentUser.isPending) return <LoadingState message="Checking billing configuration..." />;
  if (overview.isError) return <p className="text-red-700">{getErrorMessage(overview.error)}</p>;
  if (currentUser.data && currentUser.data.role !== 'super_admin') {
    return (
      <Alert>
        <AlertTitle>These pages need a super administrator account</AlertTitle>
        <AlertDescription>
          You are signed in as {currentUser.data.email}, which is not a super administrator account. The billing test pages run test purchases and plan changes against Stripe, so only a
          super administrator may use them: ask one, or sign in with a super administrator account.
        </AlertDescription>
      </Alert>
    );
  }
  if (!currentUser.data) {
    return (
      <Alert>
        <AlertTitle>Sign in as a super administrator to use the billing test pages</AlertTitle>
        <AlertDescription>
          These pages run test purchases and plan changes against Stripe, so only a super administrator may use them.{' '}
          <Link href="/auth" className="underline">
            Sign in
          </Link>
          , then come back to this page.
        </AlertDescription>
      </Alert>
    );
  }
  if (!overview.data.testMode) {
    return (
      <Alert>
        <AlertTitle>Billing tests are disabled on this deployment</AlertTitle>
        <AlertDescription>
          {overview.data.mode === 'stripe'
            ? 'Stripe runs with a live key here, so no test purchase can be made. Nothing was changed.'
            : 'Stripe is not configured here (invoice mode). Nothing to test.'}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <FlaskConical className="size-4 text-blue-700" aria-hidden="true" />
        Test mode: payments use Stripe's test environment; no card is charged.
      </p>
      {children}
    </div>
  );
}

function EventList({ run }: { run: BillingTestRun }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold text-slate-900">Webhooks received ({run.events.length})</h3>
      {run.events.length === 0 ? <p className="text-sm text-slate-700">None yet: waiting for Stripe...</p> : null}
      <ol className="grid gap-2" aria-live="polite" data-testid="webhook-events">
        {run.events.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
            <code className="font-semibold break-all text-slate-900">{event.type}</code>
            <Badge variant={event.outcome.startsWith('applied') ? 'success' : 'secondary'}>{event.outcome}</Badge>
            <span className="text-slate-700">{new Date(event.receivedAt).toLocaleTimeString('en-US')}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

function RunSummary({ run }: { run: BillingTestRun }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-700">Checkout</dt>
      <dd className="break-all text-slate-900">
        {run.checkoutSessionId} ({run.checkoutStatus})
      </dd>
      <dt className="text-slate-700">Subscription</dt>
      <dd className="text-slate-900" data-testid="test-subscription-status">
        {run.subscriptionStatus.replace('_', ' ')}, {run.plan}
      </dd>
    </dl>
  );
}

/** /test-payment: a complete test purchase through Stripe Checkout, with each webhook as it arrives. */
export function TestPaymentView() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const start = useStartTestCheckout();
  const run = useTestRun(sessionId);
  if (sessionId) rememberRun(sessionId);
  return (
    <TestModeOnly>
      <Card>
        <CardHeader>
          <CardTitle>Test purchase</CardTitle>
          <CardDescription>
            Runs the Monthly plan through Stripe Checkout with a test card, then lists each webhook CIFER receives and what it did with it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Button
            className="justify-self-start"
            disabled={start.isPending || start.isSuccess}
            onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
          >
            {start.isPending || start.isSuccess
              ? 'Opening Stripe Checkout...'
              : sessionId
                ? 'Run another test purchase'
                : 'Run a test purchase'}
          </Button>
          {start.isError ? <p className="text-sm text-red-700">{getErrorMessage(start.error)}</p> : null}
          {run.isError ? <p className="text-sm text-red-700">{getErrorMessage(run.error)}</p> : null}
          {run.data ? (
            <>
              <RunSummary run={run.data} />
              <EventList run={run.data} />
              {run.data.checkoutStatus === 'complete' ? (
                <Link
                  href={`/test-subscription?session_id=${encodeURIComponent(run.data.checkoutSessionId)}`}
                  className="font-medium text-blue-700 underline"
                >
                  Next: test a subscription change
                </Link>
              ) : null}
            </>
          ) : null}
        </CardContent>
      </Card>
    </TestModeOnly>
  );
}

/** /test-subscription: changes the test subscription's plan in Stripe and shows the webhook that follows. */
export function TestSubscriptionView() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? lastRun();
  const run = useTestRun(sessionId);
  const change = useTestSubscriptionChange();
  return (
    <TestModeOnly>
      <Card>
        <CardHeader>
          <CardTitle>Test subscription change</CardTitle>
          <CardDescription>
            Switches the test subscription between the Monthly and Annual prices in Stripe; the customer.subscription.updated webhook should
            follow.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!sessionId ? (
            <p className="text-slate-800">
              Run a{' '}
              <Link href="/test-payment" className="font-medium text-blue-700 underline">
                test purchase
              </Link>{' '}
              first; its subscription is changed here.
            </p>
          ) : null}
          {run.isError ? <p className="text-sm text-red-700">{getErrorMessage(run.error)}</p> : null}
          {run.data && sessionId ? (
            <>
              <RunSummary run={run.data} />
              <div className="flex flex-wrap gap-2">
                {(['annual', 'monthly'] as const).map((plan) => (
                  <Button
                    key={plan}
                    variant={plan === 'annual' ? 'default' : 'outline'}
                    disabled={change.isPending || run.data.plan === plan || run.data.checkoutStatus !== 'complete'}
                    onClick={() => change.mutate({ checkoutSessionId: sessionId, plan })}
                  >
                    Switch to {plan === 'annual' ? 'Annual' : 'Monthly'}
                  </Button>
                ))}
              </div>
              {change.isError ? <p className="text-sm text-red-700">{getErrorMessage(change.error)}</p> : null}
              <EventList run={run.data} />
            </>
          ) : null}
        </CardContent>
      </Card>
    </TestModeOnly>
  );
}
