import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Plan, PlanId } from '@/contracts/billing.ts';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { useOrganizationSubscription } from '../api/get-organization-subscription.ts';
import { saveCheckoutDraft } from '../lib/checkout-draft.ts';
import { useVisitorCheckoutForm } from '../hooks/use-visitor-checkout-form.ts';
import { PlanCards } from './plan-cards.tsx';
import { VisitorFields } from './visitor-fields.tsx';

function SubscriptionActive() {
  return (
    <Alert>
      <AlertTitle>Your organisation's subscription is active</AlertTitle>
      <AlertDescription>
        Nothing to buy:{' '}
        <Link href="/" className="font-medium text-blue-700 underline">
          continue to your risk assessment
        </Link>
        .
      </AlertDescription>
    </Alert>
  );
}

/** Invoice mode: the plans for reading, and the sales form instead of a checkout. */
function InvoiceSales({ plans, salesForm }: { plans: Plan[]; salesForm: ReactNode }) {
  return (
    <div className="grid gap-8">
      <PlanCards plans={plans} selected={null} />
      <Card>
        <CardHeader>
          <CardTitle>Talk to sales</CardTitle>
          <CardDescription>
            We set up your subscription by invoice. Tell us about your organisation and a CIFER consultant will send a quote, usually within one business day; your access starts
            when the invoice is arranged.
          </CardDescription>
        </CardHeader>
        <CardContent>{salesForm}</CardContent>
      </Card>
    </div>
  );
}

/**
 * /subscribe: the plans and what each includes. With Stripe, a visitor gives work e-mail and
 * company (a signed-in user subscribes their organisation), then /checkout. Without Stripe
 * (invoice mode), the sales form `salesForm` takes the request.
 */
export function SubscribeView({ salesForm }: { salesForm: ReactNode }) {
  const overview = useBillingOverview();
  const { data: user } = useCurrentUser();
  const subscription = useOrganizationSubscription(Boolean(user));
  const [, navigate] = useLocation();
  const form = useVisitorCheckoutForm(Boolean(user));
  const plan = form.watch('plan');

  if (overview.isPending) return <LoadingState message="Loading plans..." />;
  if (overview.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Plans could not be loaded</AlertTitle>
        <AlertDescription>{getErrorMessage(overview.error)}</AlertDescription>
      </Alert>
    );
  }
  const { plans, mode } = overview.data;

  if (subscription.data?.hasAccess) return <SubscriptionActive />;
  if (mode === 'invoice') return <InvoiceSales plans={plans} salesForm={salesForm} />;

  const onSubmit = form.handleSubmit((values) => {
    saveCheckoutDraft(user ? { plan: values.plan } : values);
    navigate('/checkout');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8" aria-label="Subscribe">
      <div className="grid gap-2">
        <PlanCards plans={plans} selected={plan ?? null} onSelect={(id: PlanId) => form.setValue('plan', id, { shouldValidate: form.formState.isSubmitted })} />
        {form.formState.errors.plan ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {form.formState.errors.plan.message}
          </p>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{user ? 'Subscribe your organisation' : 'Your details'}</CardTitle>
          <CardDescription>
            {user
              ? `The subscription is for your organisation; receipts go to ${user.email}.`
              : 'We send the receipt and the link that opens your account to this address. You create your account right after paying.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {user ? null : (
            <div className="grid gap-4 sm:grid-cols-2">
              <VisitorFields form={form} idPrefix="subscribe" emailPlaceholder="you@company.com" />
            </div>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit">Continue to checkout</Button>
            {user ? null : (
              <span className="text-sm text-slate-700">
                Already have an account?{' '}
                <Link href="/auth" className="font-medium text-blue-700 underline">
                  Log in
                </Link>{' '}
                first.
              </span>
            )}
          </div>
        </CardContent>
      </Card>
    </form>
  );
}
