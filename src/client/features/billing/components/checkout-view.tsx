// jscpd:ignore-start -- the import list matches subscribe-view.tsx: both views of the billing form use the same primitives.
import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { LoadingState } from '@/client/components/layout/loading-overlay.tsx';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { Plan } from '@/contracts/billing.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import { useBillingOverview } from '../api/get-billing-overview.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { formatUsd, saveCheckoutDraft } from '../lib/checkout-draft.ts';
import { useVisitorCheckoutForm } from '../hooks/use-visitor-checkout-form.ts';
import { VisitorFields } from './visitor-fields.tsx';
// jscpd:ignore-end

/** Sends the browser to Stripe's hosted checkout page (the card never touches CIFER). */
function goTo(url: string) {
  window.location.assign(url);
}

type CheckoutForm = ReturnType<typeof useVisitorCheckoutForm>;

/** Why there is no checkout: the plans could not be loaded, or this instance invoices instead. */
function CheckoutUnavailable({ error }: { error: unknown }) {
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Checkout could not be loaded</AlertTitle>
        <AlertDescription>{getErrorMessage(error)}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert>
      <AlertTitle>Subscriptions are arranged by invoice</AlertTitle>
      <AlertDescription>
        Online payment is not set up here.{' '}
        <Link href="/subscribe" className="font-medium text-blue-700 underline">
          Talk to our sales team
        </Link>{' '}
        and we will invoice your organisation.
      </AlertDescription>
    </Alert>
  );
}

/** Who pays (a visitor's e-mail and company; a signed-in user's organisation) and the plan. */
function CheckoutDetails({ form, plans, userEmail }: { form: CheckoutForm; plans: readonly Plan[]; userEmail: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{userEmail ? 'Your organisation' : 'Your details'}</CardTitle>
        <CardDescription>{userEmail ? `Signed in as ${userEmail}. The subscription is for your organisation.` : 'The receipt and your account link go to this address.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {userEmail ? null : <VisitorFields form={form} idPrefix="checkout" />}
        <FormField id="checkout-plan" label="Plan" error={form.formState.errors.plan?.message}>
          <select
            {...fieldAria('checkout-plan', form.formState.errors.plan?.message)}
            id="checkout-plan"
            className="flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none md:text-sm"
            {...form.register('plan')}
          >
            <option value="">Choose a plan</option>
            {plans.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}: {formatUsd(candidate.priceUsd)}/{candidate.interval}
              </option>
            ))}
          </select>
        </FormField>
      </CardContent>
    </Card>
  );
}

/** The chosen plan's price and renewal, and the button that opens Stripe. */
function OrderSummary({ plan, start }: { plan: Plan | undefined; start: ReturnType<typeof useStartCheckout> }) {
  const isLeaving = start.isPending || start.isSuccess;
  return (
    <Card className="self-start">
      <CardHeader>
        <CardTitle>Order summary</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {plan ? (
          <dl className="grid grid-cols-[1fr_auto] gap-2 text-sm">
            <dt className="text-slate-700">{plan.name}</dt>
            <dd className="font-semibold text-slate-900">
              {formatUsd(plan.priceUsd)}/{plan.interval}
            </dd>
            <dt className="text-slate-700">Renews</dt>
            <dd className="text-slate-900">{plan.interval === 'month' ? 'Monthly' : 'Yearly'}, cancel any time</dd>
          </dl>
        ) : (
          <p className="text-sm text-slate-700">Choose a plan to see its price.</p>
        )}
        {start.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Checkout could not start</AlertTitle>
            <AlertDescription>{getErrorMessage(start.error)}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" disabled={isLeaving}>
          <Lock className="size-4" aria-hidden="true" />
          {isLeaving ? 'Opening secure payment...' : 'Continue to secure payment'}
        </Button>
        <p className="text-xs text-slate-700">Payment is handled by Stripe. CIFER never sees your card details.</p>
        <Link href="/subscribe" className="text-sm font-medium text-blue-700 underline">
          Back to plans
        </Link>
      </CardContent>
    </Card>
  );
}

/** /checkout: the order summary, then Stripe Checkout. */
export function CheckoutView() {
  const overview = useBillingOverview();
  const { data: user } = useCurrentUser();
  const start = useStartCheckout();
  const form = useVisitorCheckoutForm(Boolean(user));

  if (overview.isPending) return <LoadingState message="Loading checkout..." />;
  if (overview.isError) return <CheckoutUnavailable error={overview.error} />;
  if (overview.data.mode !== 'stripe') return <CheckoutUnavailable error={null} />;
  const plan = overview.data.plans.find((candidate) => candidate.id === form.watch('plan'));

  const onSubmit = form.handleSubmit((values) => {
    saveCheckoutDraft(user ? { plan: values.plan } : values);
    start.mutate(user ? { plan: values.plan } : { plan: values.plan, email: values.email, company: values.company }, {
      onSuccess: (data) => goTo(data.url),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Checkout" className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <CheckoutDetails form={form} plans={overview.data.plans} userEmail={user?.email ?? null} />
      <OrderSummary plan={plan} start={start} />
    </form>
  );
}
