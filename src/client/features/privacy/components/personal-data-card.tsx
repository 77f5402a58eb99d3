import { useState } from 'react';
import { ORGANIZATION_DELETION_GRACE_DAYS } from '@/contracts/privacy.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { downloadPersonalData, useDeleteAccount } from '../api/privacy-api.ts';
import { useConfirmedAction } from '../hooks/use-confirmed-action.ts';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { ConfirmedActionDialogs } from './confirm-by-typing-dialog.tsx';

function DownloadData() {
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({ busy: false, message: null, failed: false });
  const download = () => {
    setState({ busy: true, message: null, failed: false });
    downloadPersonalData().then(
      () => setState({ busy: false, message: 'Your data has been downloaded as a zip file.', failed: false }),
      (error: unknown) => setState({ busy: false, message: getErrorMessage(error), failed: true }),
    );
  };
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-slate-900">Download your data</h3>
      <p className="text-sm text-slate-600">
        One zip file with your account, sessions, security-log entries about you, memberships, the assessments you wrote, and your API tokens and passkeys (names and dates, never secrets).
      </p>
      <div>
        <Button type="button" variant="outline" onClick={download} disabled={state.busy}>
          {state.busy ? 'Preparing…' : 'Download my data'}
        </Button>
      </div>
      {state.message ? (
        <p role="status" className={state.failed ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

function DeleteAccount({ email, StepUpDialog, onDeleted }: { email: string; StepUpDialog: StepUpDialogComponent; onDeleted: () => void }) {
  const remove = useDeleteAccount();
  const action = useConfirmedAction((typed, handlers) => remove.mutate({ confirmEmail: typed }, handlers), onDeleted);
  return (
    <div className="grid gap-2">
      <h3 className="font-medium text-slate-900">Delete your account</h3>
      <p className="text-sm text-slate-600">
        Deletes your account, sessions, tokens, passkeys, memberships and an organisation only you belong to, at once. Security-log entries about you stay for their retention period under a
        pseudonym, and answers you gave in an organisation's assessments stay with it under the same pseudonym. If you are the only owner of an organisation others use, make someone else an owner or delete it first (it is erased {ORGANIZATION_DELETION_GRACE_DAYS} days later).
      </p>
      {action.failure && !action.open ? (
        <Alert variant="destructive">
          <AlertDescription>{action.failure}</AlertDescription>
        </Alert>
      ) : null}
      <div>
        <Button type="button" variant="destructive" onClick={action.openDialog}>
          Delete my account
        </Button>
      </div>
      <ConfirmedActionDialogs
        action={action}
        StepUpDialog={StepUpDialog}
        title="Delete your account?"
        description="This cannot be undone. You will be signed out on every device."
        label="Your e-mail address"
        expected={email}
        submitLabel="Delete my account"
        isPending={remove.isPending}
      />
    </div>
  );
}

/** /account: the person's privacy rights (ADRs 232, 233): a copy of their data, and deleting their account. */
export function PersonalDataCard({ email, StepUpDialog, onDeleted, className }: { email: string; StepUpDialog: StepUpDialogComponent; onDeleted: () => void; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Your data and privacy</CardTitle>
        <CardDescription>
          What we keep and for how long is in the{' '}
          <a href="/privacy-policy.html" className="font-medium text-blue-700 underline">
            Privacy Policy
          </a>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <DownloadData />
        <DeleteAccount email={email} StepUpDialog={StepUpDialog} onDeleted={onDeleted} />
      </CardContent>
    </Card>
  );
}
