import { Link } from 'wouter';
import type { OrganizationSubscription } from '@/contracts/billing.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { useOrganizationSubscription } from '../api/get-organization-subscription.ts';

const STATUS_LABELS: Record<OrganizationSubscription['status'], string> = {
  none: 'No subscription',
  incomplete: 'Awaiting payment',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Canceled',
};

function formatDate(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null;
}

/** /account: the organisation's subscription and "Manage billing" (Stripe's customer portal). */
export function ManageBillingCard() {
  const subscription = useOrganizationSubscription();
  const portal = useOpenBillingPortal();
  const data = subscription.data;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>Your organisation's plan and billing.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {subscription.isError ? <p className="text-sm text-red-700">{getErrorMessage(subscription.error)}</p> : null}
        {data ? (
          <>
            <p className="flex flex-wrap items-center gap-2 text-slate-800">
              <Badge variant={data.status === 'past_due' ? 'warning' : data.hasAccess ? 'success' : 'secondary'}>
                {STATUS_LABELS[data.status]}
              </Badge>
              {data.plan ? <span>{data.plan === 'annual' ? 'Annual assessment plan' : 'Monthly plan'}</span> : null}
              {data.source === 'invoice' ? <span className="text-sm text-slate-700">(invoiced)</span> : null}
            </p>
            {data.status === 'past_due' && data.accessUntil ? (
              <Alert variant="destructive">
                <AlertDescription>
                  The last payment failed. Access continues until {formatDate(data.accessUntil)}; update your payment method to keep it.
                </AlertDescription>
              </Alert>
            ) : null}
            {data.status !== 'past_due' && data.currentPeriodEnd ? (
              <p className="text-sm text-slate-700">
                {data.source === 'invoice' ? 'Paid until' : 'Current period ends'} {formatDate(data.currentPeriodEnd)}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-4">
              {data.canManageBilling ? (
                <Button
                  variant="outline"
                  disabled={portal.isPending}
                  onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
                >
                  {portal.isPending ? 'Opening billing...' : 'Manage billing'}
                </Button>
              ) : null}
              {!data.hasAccess ? (
                <Link href="/subscribe" className="font-medium text-blue-700 underline">
                  Choose a plan
                </Link>
              ) : null}
            </div>
            {portal.isError ? <p className="text-sm text-red-700">{getErrorMessage(portal.error)}</p> : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
