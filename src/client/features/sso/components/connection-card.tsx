import { useState, type ReactNode } from 'react';
import type { SsoConnection, SsoDefaultRole, SsoDomain } from '@/contracts/sso.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { ConnectionDialog } from './connection-dialog.tsx';
import { DeleteConnectionDialog } from './delete-connection-dialog.tsx';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { DomainVerification } from './domain-verification.tsx';

const ROLE_LABEL = { member: 'Member', viewer: 'Viewer' } satisfies Record<SsoDefaultRole, string>;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function VerificationBadge({ domain }: { domain: SsoDomain }) {
  if (!domain.verified) return <Badge variant="warning">Unverified</Badge>;
  return <Badge variant="success">{domain.verifiedBy === 'admin' ? 'Verified by CIFER support' : 'Verified (DNS)'}</Badge>;
}

function DomainRow({ organizationId, connectionId, domain }: { organizationId: string; connectionId: string; domain: SsoDomain }) {
  const [verifying, setVerifying] = useState(false);
  return (
    <li className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all text-slate-900">{domain.domain}</span>
        <VerificationBadge domain={domain} />
        {domain.verified ? null : (
          <Button type="button" size="sm" variant="outline" aria-expanded={verifying} onClick={() => setVerifying(!verifying)} aria-label={`Verify ${domain.domain}`}>
            {verifying ? 'Hide' : 'Verify'}
          </Button>
        )}
      </div>
      {verifying && !domain.verified ? <DomainVerification organizationId={organizationId} connectionId={connectionId} domain={domain} /> : null}
    </li>
  );
}

/** One connection as its owner sees it: the provider, the domains and their state, edit and delete. */
export function ConnectionCard({ organizationId, connection, StepUpDialog }: { organizationId: string; connection: SsoConnection; StepUpDialog: StepUpDialogComponent }) {
  const [editing, setEditing] = useState(false);
  const unverified = connection.domains.filter((domain) => !domain.verified).length;
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4" aria-label={`SSO connection ${connection.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{connection.name}</h4>
        <span className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${connection.name}`}>
            Edit
          </Button>
          <DeleteConnectionDialog organizationId={organizationId} connection={connection} />
        </span>
      </div>
      <dl className="grid gap-2 text-sm">
        <Detail label="Issuer">{connection.issuer}</Detail>
        <Detail label="Client ID">{connection.clientId}</Detail>
        <Detail label="Role on joining">{ROLE_LABEL[connection.defaultRole]}</Detail>
        <Detail label="SSO required">
          {connection.required ? (
            <Badge variant="default">Required: no password log-in</Badge>
          ) : (
            <Badge variant="secondary">Optional: passwords still work</Badge>
          )}
        </Detail>
      </dl>
      <div className="grid gap-2 text-sm">
        <h5 className="font-medium text-slate-900">E-mail domains</h5>
        {unverified > 0 ? <p className="text-slate-700">Nobody can sign in through an unverified domain yet.</p> : null}
        <ul className="grid gap-3">
          {connection.domains.map((domain) => (
            <DomainRow key={domain.id} organizationId={organizationId} connectionId={connection.id} domain={domain} />
          ))}
        </ul>
      </div>
      <ConnectionDialog organizationId={organizationId} connection={connection} open={editing} onOpenChange={setEditing} StepUpDialog={StepUpDialog} />
    </li>
  );
}
