import { ORGANIZATION_DELETION_GRACE_DAYS } from '@/contracts/privacy.ts';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useChangeOrganizationDeletion, useOrganizationDeletion } from '../api/privacy-api.ts';
import { useConfirmedAction } from '../hooks/use-confirmed-action.ts';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { ConfirmedActionDialogs } from './confirm-by-typing-dialog.tsx';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function PendingDeletion({ scheduledFor, onRestore, isRestoring, failure }: { scheduledFor: string; onRestore: () => void; isRestoring: boolean; failure: string | null }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Deletion scheduled for {DATE.format(new Date(scheduledFor))}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>Members other than owners can no longer open this organisation, and its API tokens are refused. On that day it is erased with its assessments, members, invitations, tokens, webhooks and sign-in settings. Until then, you can restore it as it was.</p>
        {failure ? <p>{failure}</p> : null}
        <div>
          <Button type="button" variant="outline" onClick={onRestore} disabled={isRestoring}>
            {isRestoring ? 'Restoring…' : 'Restore organisation'}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** An owner's deletion of the organisation, with its grace period and restore (ADR 233), on /organizations. */
export function OrganizationDeletionSection({ organizationId, organizationName, StepUpDialog }: { organizationId: string; organizationName: string; StepUpDialog: StepUpDialogComponent }) {
  const state = useOrganizationDeletion(organizationId);
  const change = useChangeOrganizationDeletion(organizationId);
  const action = useConfirmedAction((typed, handlers) => change.mutate({ confirmName: typed }, handlers), () => undefined);
  const scheduledFor = state.data?.scheduledFor ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete organisation</CardTitle>
        <CardDescription>
          Erases {organizationName} and everything it holds {ORGANIZATION_DELETION_GRACE_DAYS} days after you ask. Download anything you need first; a running card subscription must be cancelled
          in Billing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {state.error ? <p className="text-sm text-red-700">{getErrorMessage(state.error)}</p> : null}
        {scheduledFor ? (
          <PendingDeletion scheduledFor={scheduledFor} onRestore={() => change.mutate(null)} isRestoring={change.isPending} failure={change.error && !action.failure ? getErrorMessage(change.error) : null} />
        ) : (
          <div>
            <Button type="button" variant="destructive" onClick={action.openDialog} disabled={state.isLoading}>
              Delete {organizationName}
            </Button>
          </div>
        )}
        <ConfirmedActionDialogs
          action={action}
          StepUpDialog={StepUpDialog}
          title={`Delete ${organizationName}?`}
          description={`Members lose access now; it is erased in ${ORGANIZATION_DELETION_GRACE_DAYS} days unless an owner restores it.`}
          label="Organisation name"
          expected={organizationName}
          submitLabel="Delete organisation"
          isPending={change.isPending}
        />
      </CardContent>
    </Card>
  );
}
