import { useState } from 'react';
import type { AdminOrganizationSubscription, PlanId } from '@/contracts/billing.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useAdminOrganization } from '../api/get-admin-organization.ts';
import { useChangeSubscriptionByHand } from '../api/change-subscription-by-hand.ts';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none md:text-sm';

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : 'none';
}

function SubscriptionSummary({ organization }: { organization: AdminOrganizationSubscription }) {
  const sub = organization.subscription;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
      <Badge variant={sub.hasAccess ? 'success' : 'secondary'}>{sub.status.replace('_', ' ')}</Badge>
      {sub.plan ? <span>{sub.plan}</span> : null}
      {sub.source ? <span>via {sub.source}</span> : null}
      <span>access until: {sub.hasAccess && !sub.accessUntil ? 'renews automatically' : formatDate(sub.accessUntil)}</span>
    </p>
  );
}

/**
 * Invoice mode (admin): activate, extend or cancel one organisation's subscription by hand. Every
 * change is audited on the server. Self-contained: give it an organisation id.
 */
export function SubscriptionAdminPanel({ organizationId }: { organizationId: string }) {
  const organization = useAdminOrganization(organizationId);
  const change = useChangeSubscriptionByHand(organizationId);
  const [plan, setPlan] = useState<PlanId>('annual');
  const [months, setMonths] = useState(12);
  const [note, setNote] = useState('');
  const id = (name: string) => `sub-admin-${organizationId}-${name}`;
  if (organization.isPending) return <p className="text-sm text-slate-700">Loading subscription...</p>;
  if (organization.isError) return <p className="text-sm text-red-700">{getErrorMessage(organization.error)}</p>;
  const sub = organization.data.subscription;
  const isStripeManaged = sub.source === 'stripe' && sub.status !== 'canceled' && sub.status !== 'none';
  const submit = (action: 'activate' | 'extend' | 'cancel') => change.mutate({ action, plan, months, note });
  return (
    <div className="grid gap-3" data-testid="subscription-admin-panel">
      <SubscriptionSummary organization={organization.data} />
      {isStripeManaged ? (
        <p className="text-sm text-slate-700">This organisation pays through Stripe; change its subscription in Stripe.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-[10rem_8rem_1fr]">
          <div className="grid gap-1.5">
            <Label htmlFor={id('plan')}>Plan</Label>
            <select id={id('plan')} className={selectClass} value={plan} onChange={(event) => setPlan(event.target.value as PlanId)}>
              <option value="annual">Annual</option>
              <option value="monthly">Monthly</option>
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('months')}>Months</Label>
            <Input
              id={id('months')}
              type="number"
              min={1}
              max={36}
              value={months}
              onChange={(event) => setMonths(Number(event.target.value))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('note')}>Note (invoice or PO number)</Label>
            <Input id={id('note')} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-3">
            <Button size="sm" disabled={change.isPending} onClick={() => submit(sub.hasAccess ? 'extend' : 'activate')}>
              {sub.hasAccess
                ? `Extend by ${months} month${months === 1 ? '' : 's'}`
                : `Activate for ${months} month${months === 1 ? '' : 's'}`}
            </Button>
            {sub.hasAccess ? (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => submit('cancel')}>
                Cancel subscription
              </Button>
            ) : null}
          </div>
        </div>
      )}
      {change.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{getErrorMessage(change.error)}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
