import type { SsoDomain } from '@/contracts/sso.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useVerifySsoDomain } from '../api/verify-sso-domain.ts';
import { CopyableValue } from './copyable-value.tsx';

/**
 * How to prove an e-mail domain (ADR 225): publish the TXT record, then have CIFER look it up;
 * without access to DNS, CIFER support approves it by hand.
 */
export function DomainVerification({ organizationId, connectionId, domain }: { organizationId: string; connectionId: string; domain: SsoDomain }) {
  const verify = useVerifySsoDomain(organizationId, connectionId);
  const check = () =>
    verify.mutate(domain.id, {
      onSuccess: (verified) => {
        if (verified.verified) toast({ title: `${verified.domain} verified`, description: 'People with an address there can now sign in with SSO.' });
      },
    });
  return (
    <div className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="group" aria-label={`Verify ${domain.domain}`}>
      <p className="text-slate-800">
        Publish this TXT record in the DNS of <strong className="break-all">{domain.domain}</strong>, then check it. DNS changes can take a while to be seen.
      </p>
      <CopyableValue label="TXT record name" value={domain.txtRecordName} />
      <CopyableValue label="TXT record value" value={domain.txtRecordValue} />
      {verify.isError ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 wrap-anywhere text-red-900">
          {getErrorMessage(verify.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button type="button" size="sm" onClick={check} disabled={verify.isPending}>
          {verify.isPending ? 'Checking DNS…' : 'Check DNS now'}
        </Button>
        <span className="text-slate-700">or ask CIFER support to approve it.</span>
      </div>
    </div>
  );
}
