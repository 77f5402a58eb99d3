import type { PendingSsoDomain } from '@/contracts/sso.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { ScrollRegion } from '@/client/components/ui/scroll-region.tsx';
import { ACTIONS_COLUMN, TableHead } from '@/client/components/ui/table-head.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useApproveSsoDomain, usePendingSsoDomains } from '../api/pending-sso-domains.ts';

function PendingDomainRow({ domain }: { domain: PendingSsoDomain }) {
  const approve = useApproveSsoDomain();
  const onApprove = async () => {
    // mutateAsync: the approved domain leaves the list (this row unmounts) before per-call callbacks would run.
    try {
      await approve.mutateAsync(domain.id);
      toast({ title: `${domain.domain} approved`, description: `People of ${domain.domain} can now sign in to ${domain.organizationName} with SSO.` });
    } catch (error) {
      toast({ title: 'Approval failed', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
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
        <Button size="sm" onClick={() => void onApprove()} disabled={approve.isPending} aria-label={`Approve ${domain.domain} for ${domain.organizationName}`}>
          Approve
        </Button>
      </td>
    </tr>
  );
}

/** /admin (super admins): e-mail domains of SSO connections not yet proven by DNS, to approve by hand (ADR 225). */
export function PendingSsoDomainsSection() {
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
                  <PendingDomainRow key={domain.id} domain={domain} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
      </CardContent>
    </Card>
  );
}
