import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SSO_APPROVAL_REASON_MAX_LENGTH, SsoDomainApprovalInputSchema, type PendingSsoDomain, type SsoDomainApprovalInput } from '@/contracts/sso.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import { ACTIONS_COLUMN, TableHead } from '@/client/components/ui/data-table.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Textarea } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useApproveSsoDomain, usePendingSsoDomains } from '../api/pending-sso-domains.ts';

const REASON_FIELD = 'sso-approval-reason';

/**
 * Approving lets everyone with an address in the domain into the organisation, so the super admin
 * gives the reason (audited) and, when the server asks, a fresh code of their own (ADR 290); the
 * reason is kept while the code dialog is open and sent again once verified.
 */
function ApproveDomainButton({ domain, StepUpDialog }: { domain: PendingSsoDomain; StepUpDialog: StepUpDialogComponent }) {
  const approve = useApproveSsoDomain();
  const [open, setOpen] = useState(false);
  const [awaitingCodeFor, setAwaitingCodeFor] = useState<string | null>(null);
  const form = useForm<SsoDomainApprovalInput>({ resolver: zodResolver(SsoDomainApprovalInputSchema), defaultValues: { reason: '' } });
  // mutateAsync: the approved domain leaves the list (this row unmounts) before per-call callbacks would run.
  const send = async (reason: string) => {
    try {
      await approve.mutateAsync({ domainId: domain.id, reason });
      toast({ title: `${domain.domain} approved`, description: `People of ${domain.domain} can now sign in to ${domain.organizationName} with SSO.` });
    } catch (error) {
      // A stale code: the reason waits in the code dialog; any other refusal is told and dropped.
      const wantsCode = isStepUpRefusal(error);
      setOpen(false);
      setAwaitingCodeFor(wantsCode ? reason : null);
      if (wantsCode) return;
      toast({ title: 'Approval failed', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const submit = form.handleSubmit((values) => send(values.reason));
  const reasonError = form.formState.errors.reason?.message;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} disabled={approve.isPending} aria-label={`Approve ${domain.domain} for ${domain.organizationName}`}>
        Approve
      </Button>
      <TitledDialog
        open={open}
        onOpenChange={setOpen}
        title={`Approve ${domain.domain} for ${domain.organizationName}?`}
        description={`Anyone with an address at ${domain.domain} can then join ${domain.organizationName} by single sign-on. Your reason is kept in the audit log.`}
      >
        <form noValidate className="grid gap-4 text-left" onSubmit={(event) => void submit(event)}>
          <FormField id={`${REASON_FIELD}-${domain.id}`} label="Reason" required error={reasonError} hint="How the organisation proved it controls the domain, e.g. support ticket 4711.">
            <Textarea maxLength={SSO_APPROVAL_REASON_MAX_LENGTH} {...fieldAria(`${REASON_FIELD}-${domain.id}`, reasonError, true)} {...form.register('reason')} />
          </FormField>
          <DialogFormFooter onCancel={() => setOpen(false)} isPending={approve.isPending} submitLabel="Approve domain" pendingLabel="Approving…" />
        </form>
      </TitledDialog>
      <StepUpDialog open={awaitingCodeFor !== null} onClose={() => setAwaitingCodeFor(null)} onVerified={() => awaitingCodeFor !== null && void send(awaitingCodeFor)} />
    </>
  );
}

function PendingDomainRow({ domain, StepUpDialog }: { domain: PendingSsoDomain; StepUpDialog: StepUpDialogComponent }) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <td className="py-2 pr-3 font-medium break-all">{domain.domain}</td>
      <td className="py-2 pr-3 wrap-anywhere">
        {domain.organizationName}
        <span className="block text-slate-600">{domain.connectionName}</span>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        <time dateTime={domain.createdAt}>{new Date(domain.createdAt).toLocaleDateString()}</time>
      </td>
      <td className="py-2 text-right">
        <ApproveDomainButton domain={domain} StepUpDialog={StepUpDialog} />
      </td>
    </tr>
  );
}

/** /admin (super admins): e-mail domains of SSO connections not yet proven by DNS, to approve by hand (ADR 225). */
export function PendingSsoDomainsSection({ StepUpDialog }: { StepUpDialog: StepUpDialogComponent }) {
  const pending = usePendingSsoDomains();
  return (
    <Card>
      <CardHeader>
        <CardTitle>SSO domains awaiting approval</CardTitle>
        <CardDescription>
          Approve a domain only once you have confirmed the organisation controls it (for example, its owner asked support from an address there). Anyone with an address in an approved domain can join that organisation by SSO.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending.isLoading ? <p role="status">Loading domains…</p> : null}
        {pending.error ? (
          <Alert variant="destructive">
            <AlertDescription>{getErrorMessage(pending.error)}</AlertDescription>
          </Alert>
        ) : null}
        {pending.data && pending.data.domains.length === 0 ? <p className="text-sm text-slate-700">No domain is waiting for approval.</p> : null}
        {pending.data && pending.data.domains.length > 0 ? (
          <ScrollRegion label="SSO domains awaiting approval">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">SSO domains awaiting approval</caption>
              <TableHead columns={['Domain', 'Organisation and connection', 'Added', ACTIONS_COLUMN]} />
              <tbody>
                {pending.data.domains.map((domain) => (
                  <PendingDomainRow key={domain.id} domain={domain} StepUpDialog={StepUpDialog} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </CardContent>
    </Card>
  );
}
