import { ChevronDown, ChevronUp, Send } from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@/contracts/webhooks.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal } from '@/client/lib/step-up.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestEvent, useUpdateWebhook } from '../api/webhooks-api.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';

const failed = (title: string) => (error: unknown) => toast({ title, description: getErrorMessage(error), variant: 'destructive' });

/** Delete after a confirmation that says what stops. */
function DeleteEndpointButton({ organizationId, endpoint }: { organizationId: string; endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook(organizationId);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size="sm">
          Delete
        </Button>
      }
      title="Delete this webhook?"
      description={`CIFER stops sending events to ${endpoint.url} and forgets its delivery log. This cannot be undone.`}
    >
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => remove.mutate(endpoint.id, { onError: failed('Could not delete the webhook') })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete webhook'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}

/** Where an endpoint sends, whether it is on, which events, and the previous secret's grace. */
function EndpointSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
        </div>
        <Badge variant={endpoint.enabled ? 'success' : 'secondary'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Events sent">
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge variant="outline" title={WEBHOOK_EVENT_LABELS[type]}>
              {type}
            </Badge>
          </li>
        ))}
      </ul>
      {endpoint.previousSecretExpiresAt ? (
        <p className="text-xs text-slate-600">
          The previous secret also signs until {new Date(endpoint.previousSecretExpiresAt).toLocaleString()}.
        </p>
      ) : null}
    </>
  );
}

/** One endpoint: where it sends and what, its actions, and its delivery log on demand. */
export function EndpointItem({
  organizationId,
  endpoint,
  onSecret,
  onStepUp,
}: {
  organizationId: string;
  endpoint: WebhookEndpoint;
  onSecret: (created: WebhookEndpointWithSecret) => void;
  /** A rotation answers the new secret, so the server may want a fresh code first: `again` rotates once verified. */
  onStepUp: (again: () => void) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const sendTest = useSendTestEvent(organizationId);
  const rotate = useRotateWebhookSecret(organizationId);
  const update = useUpdateWebhook(organizationId);
  const logId = `webhook-log-${endpoint.id}`;

  const onRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: onSecret,
      onError: (error) => (isStepUpRefusal(error) ? onStepUp(onRotate) : failed('Could not rotate the secret')(error)),
    });
  const onSendTest = () =>
    sendTest.mutate(endpoint.id, {
      // The log opens on it: its row goes from queued to delivered (or retrying) as it happens.
      onSuccess: () => setShowLog(true),
      onError: failed('Could not send the test event'),
    });

  return (
    <li className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-slate-200 p-4">
      <EndpointSummary endpoint={endpoint} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onSendTest} disabled={sendTest.isPending || !endpoint.enabled}>
          <Send aria-hidden="true" />
          {sendTest.isPending ? 'Sending…' : 'Send test event'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { endpointId: endpoint.id, update: { enabled: !endpoint.enabled } },
              { onError: failed('Could not change the webhook') },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={rotate.isPending} onClick={onRotate}>
          Rotate secret
        </Button>
        <DeleteEndpointButton organizationId={organizationId} endpoint={endpoint} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
          Delivery log
        </Button>
      </div>
      <div id={logId} hidden={!showLog} className="min-w-0">
        {showLog ? <DeliveryLog organizationId={organizationId} endpointId={endpoint.id} label={`Deliveries to ${endpoint.url}`} /> : null}
      </div>
      <EndpointDialog organizationId={organizationId} endpoint={endpoint} open={editing} onOpenChange={setEditing} />
    </li>
  );
}
