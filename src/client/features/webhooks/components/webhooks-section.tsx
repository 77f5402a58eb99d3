import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpointWithSecret } from '@/contracts/webhooks.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useWebhookEndpoints } from '../api/webhooks-api.ts';
import { EndpointDialog } from './endpoint-dialog.tsx';
import { EndpointItem } from './endpoint-item.tsx';
import { SecretOnceDialog } from './secret-once-dialog.tsx';

/** "Webhooks" of an organisation its owner manages (ADR 229): endpoints, their events, secrets and delivery logs. */
export function WebhooksSection({
  organizationId,
  organizationName,
  StepUpDialog,
}: {
  organizationId: string;
  organizationName: string;
  StepUpDialog: StepUpDialogComponent;
}) {
  const endpoints = useWebhookEndpoints(organizationId);
  const [adding, setAdding] = useState(false);
  // What to send again once a fresh code is verified: creating a webhook or rotating its secret answers a signing secret (ADR 290).
  const [retry, setRetry] = useState<{ again: () => void } | null>(null);
  const askCode = (again: () => void) => setRetry({ again });
  const [shown, setShown] = useState<{ secret: string; rotated: boolean } | null>(null);
  const headingId = `webhooks-heading-${organizationId}`;
  const showSecret = (rotated: boolean) => (result: WebhookEndpointWithSecret) => setShown({ secret: result.secret, rotated });
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Webhooks</CardTitle>
        <CardDescription>
          Tell your own systems when something happens in {organizationName}: CIFER sends a signed POST to each URL and retries for about a
          day if it does not answer. Your receiver checks the <code className="text-xs">webhook-signature</code> header with the signing
          secret (Standard Webhooks).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {endpoints.isLoading ? <p role="status">Loading webhooks…</p> : null}
        {endpoints.error ? (
          <Alert variant="destructive">
            <AlertDescription>{getErrorMessage(endpoints.error)}</AlertDescription>
          </Alert>
        ) : null}
        {endpoints.data ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">Endpoints</h3>
              <Button type="button" onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add webhook
              </Button>
            </div>
            {endpoints.data.endpoints.length === 0 ? (
              <p className="text-sm text-slate-700">No webhook yet.</p>
            ) : (
              <ul className="grid grid-cols-1 gap-4" aria-label="Webhook endpoints">
                {endpoints.data.endpoints.map((endpoint) => (
                  <EndpointItem
                    key={endpoint.id}
                    organizationId={organizationId}
                    endpoint={endpoint}
                    onSecret={showSecret(true)}
                    onStepUp={askCode}
                  />
                ))}
              </ul>
            )}
            <EndpointDialog
              organizationId={organizationId}
              open={adding}
              onOpenChange={setAdding}
              onCreated={showSecret(false)}
              onStepUp={askCode}
            />
            <StepUpDialog
              open={retry !== null}
              onClose={() => setRetry(null)}
              onVerified={() => {
                setRetry(null);
                retry?.again();
              }}
            />
            <SecretOnceDialog secret={shown?.secret ?? null} rotated={shown?.rotated ?? false} onClose={() => setShown(null)} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
