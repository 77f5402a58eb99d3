import type { WebhookDelivery, WebhookDeliveryStatus } from '@/contracts/webhooks.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import { TableHead } from '@/client/components/ui/data-table.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useWebhookDeliveries } from '../api/webhooks-api.ts';

const STATUS_BADGES = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const satisfies Record<WebhookDeliveryStatus, { label: string; variant: 'success' | 'warning' | 'destructive' }>;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function statusLabel(delivery: WebhookDelivery): string {
  // Not tried yet reads better than "retrying".
  return delivery.status === 'pending' && delivery.attempts === 0 ? 'Queued' : STATUS_BADGES[delivery.status].label;
}

function outcomeOf(delivery: WebhookDelivery): string {
  if (delivery.lastError) return delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}: ${delivery.lastError}` : delivery.lastError;
  return delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : '—';
}

/** The last 50 deliveries of one endpoint, newest first; read again every few seconds while one is waiting. */
export function DeliveryLog({ organizationId, endpointId, label }: { organizationId: string; endpointId: string; label: string }) {
  const deliveries = useWebhookDeliveries(organizationId, endpointId, true);
  if (deliveries.isLoading) return <p role="status">Loading the delivery log…</p>;
  if (deliveries.error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{getErrorMessage(deliveries.error)}</AlertDescription>
      </Alert>
    );
  }
  const rows = deliveries.data?.deliveries ?? [];
  if (rows.length === 0) return <p className="text-sm text-slate-700">Nothing sent yet. "Send test event" sends one now.</p>;
  return (
    <ScrollRegion label={label}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <TableHead columns={['Event', 'Status', 'Attempts', 'Last answer', 'Created', 'Delivered or next try']} />
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono text-xs">{delivery.eventType}</td>
              <td className="py-2 pr-3">
                <Badge variant={STATUS_BADGES[delivery.status].variant}>{statusLabel(delivery)}</Badge>
              </td>
              <td className="py-2 pr-3">{delivery.attempts}</td>
              <td className="py-2 pr-3 wrap-anywhere">{outcomeOf(delivery)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{when(delivery.createdAt)}</td>
              <td className="py-2 whitespace-nowrap">
                {delivery.status === 'delivered' ? when(delivery.deliveredAt) : when(delivery.nextAttemptAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
