import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { buttonVariants } from '@/client/components/ui/button.tsx';
import { isUnauthorizedError } from '@/client/lib/api-client.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { cn } from '@/client/lib/utils.ts';
import { useCheckoutStatus } from '../api/get-checkout-status.ts';

const PLAN_NAMES = { monthly: 'Monthly', annual: 'Annual assessment plan' } as const;

/** The centred card the page shows while it waits and once the subscription is active; screen readers hear it change. */
function StatusPanel({ testId, className, icon, title, children }: { testId: string; className: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center gap-4 rounded-xl border bg-white p-10 text-center', className)} data-testid={testId}>
      {icon}
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      {children}
    </div>
  );
}

/**
 * /payment-success: the state CIFER has recorded for this checkout. Stripe's redirect alone
 * proves nothing; only the signed webhook turns the page to "active".
 */
export function PaymentSuccessView() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const status = useCheckoutStatus(sessionId);
  const queryClient = useQueryClient();
  const isActive =
    status.data?.status === 'complete' && (status.data.subscriptionStatus === 'active' || status.data.subscriptionStatus === 'trialing');
  useEffect(() => {
    if (isActive) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  }, [isActive, queryClient]);

  if (!sessionId || (status.isError && !isUnauthorizedError(status.error))) {
    return (
      <Alert variant="destructive">
        <AlertTitle>We could not find this payment</AlertTitle>
        <AlertDescription>
          The link is incomplete or the checkout is unknown. If you were charged, contact support with your receipt.{' '}
          <Link href="/subscribe" className="font-medium underline">
            Back to plans
          </Link>
        </AlertDescription>
      </Alert>
    );
  }
  const data = status.data;
  if (!data || data.status !== 'complete' || data.subscriptionStatus === 'none') {
    return (
      <StatusPanel testId="payment-waiting" className="border-slate-200" icon={<Loader2 className="size-10 animate-spin text-blue-700" aria-hidden="true" />} title="Waiting for payment confirmation...">
        <p className="max-w-md text-slate-700">
          Stripe is confirming your payment with CIFER. This usually takes a few seconds; this page updates by itself.
        </p>
      </StatusPanel>
    );
  }
  if (!isActive) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Your payment was not confirmed</AlertTitle>
        <AlertDescription>
          The subscription is {data.subscriptionStatus.replace('_', ' ')}. Contact support, or{' '}
          <Link href="/subscribe" className="font-medium underline">
            choose a plan again
          </Link>
          .
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <StatusPanel testId="payment-active" className="border-green-200" icon={<CheckCircle2 className="size-12 text-green-700" aria-hidden="true" />} title="Your subscription is active">
      <p className="text-slate-700">Plan: {PLAN_NAMES[data.plan]}</p>
      {data.claimEmail ? (
        <div className="flex max-w-md flex-col items-center gap-2 rounded-lg bg-blue-50 p-4 text-slate-800">
          <MailCheck className="size-6 text-blue-700" aria-hidden="true" />
          <p>
            We sent a link to <strong>{data.claimEmail}</strong>. Open it to create your account (or log in) and attach the subscription to
            your organisation.
          </p>
          <Link href="/claim-subscription" className="font-medium text-blue-700 underline">
            I have the code from the e-mail
          </Link>
        </div>
      ) : (
        <Link href="/" className={buttonVariants()}>
          Continue to CIFER
        </Link>
      )}
    </StatusPanel>
  );
}
