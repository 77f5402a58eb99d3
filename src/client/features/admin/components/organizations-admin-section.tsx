import { useState, type ReactNode } from 'react';
import type { AdminOrganizationDetail, AdminOrganizationSso } from '@/contracts/admin.ts';
import type { AdminRole } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useAdminOrganization } from '../api/get-admin-organization.ts';
import { useAdminOrganizations } from '../api/get-admin-organizations.ts';
import { LiftSsoRequirement } from './lift-sso-requirement.tsx';
import { Pagination } from './pagination.tsx';

const SSO_STATES: Record<AdminOrganizationSso, string> = { none: 'not set up', optional: 'set up, not required', required: 'required' };

/**
 * Organisations with their members, subscription and single sign-on. `renderSubscription` is the
 * composition point for the billing feature's panel, `StepUpDialog` the MFA feature's "confirm
 * it's you" (app/ wires both; features never import each other). Only a super admin lifts "SSO
 * required" (ADR 227): the server refuses anyone else too.
 */
export function OrganizationsAdminSection({
  currentUserRole,
  StepUpDialog,
  renderSubscription,
}: {
  currentUserRole: AdminRole;
  StepUpDialog: StepUpDialogComponent;
  renderSubscription?: (organization: AdminOrganizationDetail) => ReactNode;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data } = useAdminOrganizations(q, page);
  const detail = useAdminOrganization(openId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organisations</CardTitle>
        <CardDescription>Every organisation, its members and subscription.</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid max-w-sm gap-1">
          <Label htmlFor="organization-search">Search organisations</Label>
          <Input
            id="organization-search"
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {data ? (
          <>
            <ul className="grid gap-2">
              {data.organizations.map((organization) => (
                <li key={organization.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-2 text-sm">
                  <span className="break-all">
                    <span className="font-medium text-slate-900">{organization.name}</span> · {organization.memberCount} member{organization.memberCount === 1 ? '' : 's'} · subscription{' '}
                    {organization.subscriptionStatus}
                  </span>
                  <Button size="sm" variant={openId === organization.id ? 'default' : 'outline'} onClick={() => setOpenId(organization.id)} aria-label={`Open ${organization.name}`}>
                    Details
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination label="Organisation pages" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        ) : null}
        {detail.data ? (
          <section aria-labelledby="organization-detail-heading" className="grid gap-3 rounded-md border border-slate-200 p-3 text-sm" data-testid="organization-detail">
            <h3 id="organization-detail-heading" className="font-semibold text-slate-900">
              {detail.data.name}
            </h3>
            <p>Subscription: {detail.data.subscriptionStatus}</p>
            <p>Single sign-on: {SSO_STATES[detail.data.sso]}</p>
            {detail.data.sso === 'required' && currentUserRole === 'super_admin' ? (
              <LiftSsoRequirement organizationId={detail.data.id} organizationName={detail.data.name} StepUpDialog={StepUpDialog} />
            ) : null}
            <ul className="grid gap-1">
              {detail.data.members.map((member) => (
                <li key={member.userId} className="break-all">
                  {member.firstName} {member.lastName} · {member.email} · {member.role} · {member.status}
                </li>
              ))}
            </ul>
            {renderSubscription ? renderSubscription(detail.data) : null}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
