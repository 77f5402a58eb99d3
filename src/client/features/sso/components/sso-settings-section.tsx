import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useSsoConnections } from '../api/get-sso-connections.ts';
import { ConnectionCard } from './connection-card.tsx';
import { ConnectionDialog } from './connection-dialog.tsx';
import { CopyableValue } from './copyable-value.tsx';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { ProviderInstructions } from './provider-instructions.tsx';

/** "Single sign-on (SSO)" of an organisation its owner manages: connections, domains, provider set-up. */
export function SsoSettingsSection({ organizationId, organizationName, StepUpDialog }: { organizationId: string; organizationName: string; StepUpDialog: StepUpDialogComponent }) {
  const connections = useSsoConnections(organizationId);
  const [adding, setAdding] = useState(false);
  const headingId = `sso-heading-${organizationId}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Single sign-on (SSO)</CardTitle>
        <CardDescription>
          Let the people of {organizationName} sign in with your identity provider (OpenID Connect). Whoever signs in from a verified domain joins {organizationName} automatically, then sets up two-factor authentication.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {connections.isLoading ? <p role="status">Loading SSO settings…</p> : null}
        {connections.error ? (
          <Alert variant="destructive">
            <AlertDescription>{getErrorMessage(connections.error)}</AlertDescription>
          </Alert>
        ) : null}
        {connections.data ? (
          <>
            <div className="grid gap-1">
              <CopyableValue label="Redirect URI" value={connections.data.redirectUri} />
              <p className="text-xs text-slate-600">Register this exact address with your provider as a "Web" redirect URI.</p>
            </div>
            <ProviderInstructions />
            <div className="grid gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">Connections</h3>
                <Button type="button" onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  Add connection
                </Button>
              </div>
              {connections.data.connections.length === 0 ? (
                <p className="text-sm text-slate-700">No SSO connection yet. Register CIFER with your provider, then add its details here.</p>
              ) : (
                <ul className="grid gap-4" aria-label="SSO connections">
                  {connections.data.connections.map((connection) => (
                    <ConnectionCard key={connection.id} organizationId={organizationId} connection={connection} StepUpDialog={StepUpDialog} />
                  ))}
                </ul>
              )}
            </div>
            <ConnectionDialog organizationId={organizationId} open={adding} onOpenChange={setAdding} StepUpDialog={StepUpDialog} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
