import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CreateOrganizationInputSchema,
  InviteMemberInputSchema,
  ORGANIZATION_ROLES,
  type CreateOrganizationInput,
  type InviteMemberInput,
  type MyOrganization,
  type OrganizationRole,
  type PendingInvitation,
} from '@/contracts/organizations.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { ACTIONS_COLUMN, TableHead } from '@/client/components/ui/data-table.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import { can } from '@/contracts/permissions.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { useOrganizationAudit } from '../api/get-organization-audit.ts';
import { useOrganizationMembers } from '../api/get-organization-members.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { useSwitchOrganization } from '../api/switch-organization.ts';

const SELECT_CLASS =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';
const ROLE_LABEL = { owner: 'Owner', member: 'Member', viewer: 'Viewer' } satisfies Record<OrganizationRole, string>;
/** The invitation's role choices, most common first; the compiler checks every role is offered. */
const INVITE_ROLE_CHOICES = {
  member: 'Member (creates and edits)',
  viewer: 'Viewer (read only)',
  owner: 'Owner (manages members)',
} satisfies Record<OrganizationRole, string>;

function CreateOrganizationForm() {
  const create = useCreateOrganization();
  const form = useForm<CreateOrganizationInput>({ resolver: zodResolver(CreateOrganizationInputSchema), defaultValues: { name: '' } });
  const error = form.formState.errors.name?.message ?? (create.isError ? getErrorMessage(create.error) : undefined);
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (organization) => {
        form.reset();
        toast({ title: `${organization.name} created` });
      },
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3" aria-label="Create a client organisation">
      <FormField id="new-organization-name" label="Client organisation name" required error={error} className="min-w-0 flex-1">
        <Input maxLength={100} {...fieldAria('new-organization-name', error)} {...form.register('name')} />
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create organisation'}
      </Button>
    </form>
  );
}

/** The form's values before the schema's default: the role select always sends one. */
type InviteFormValues = z.input<typeof InviteMemberInputSchema>;

function InviteForm({ organizationId }: { organizationId: string }) {
  const invite = useInviteMember(organizationId);
  const form = useForm<InviteFormValues, unknown, InviteMemberInput>({
    resolver: zodResolver(InviteMemberInputSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const errors = form.formState.errors;
  const emailError = errors.email?.message ?? (invite.isError ? getErrorMessage(invite.error) : undefined);
  const submit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: () => {
        toast({ title: `Invitation sent to ${input.email}` });
        form.reset({ email: '', role: input.role });
      },
    }),
  );
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3" aria-label="Invite someone">
      <FormField id="invite-email" label="E-mail address" required error={emailError} className="min-w-0 flex-1">
        <Input type="email" autoComplete="off" {...fieldAria('invite-email', emailError)} {...form.register('email')} />
      </FormField>
      <FormField id="invite-role" label="Role" error={errors.role?.message}>
        <select className={SELECT_CLASS} {...fieldAria('invite-role', errors.role?.message)} {...form.register('role')}>
          {Object.entries(INVITE_ROLE_CHOICES).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}

/** The organisation's latest audited events, newest first. */
function RecentActivity({ organizationId }: { organizationId: string }) {
  const audit = useOrganizationAudit(organizationId);
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-900">Recent activity</h3>
      {audit.data && audit.data.length > 0 ? (
        <ul className="grid gap-1 text-sm text-slate-700">
          {audit.data.slice(0, 15).map((event) => (
            <li key={event.id} className="break-all">
              <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time> · {event.action} · {event.actorEmail ?? 'system'}
              {event.apiTokenName ? ` with API token “${event.apiTokenName}”` : ''}
              {event.targetEmail ? ` → ${event.targetEmail}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No activity recorded yet.</p>
      )}
    </div>
  );
}

/** A member change or withdrawal the server refused, told in a toast. */
const onError = (error: unknown) => toast({ title: 'That did not work', description: getErrorMessage(error), variant: 'destructive' });

/** Invitations not yet accepted, each with a way to withdraw it. */
function OpenInvitations({ organizationId, invitations }: { organizationId: string; invitations: PendingInvitation[] }) {
  const revoke = useRevokeInvitation(organizationId);
  if (invitations.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 font-semibold text-slate-900">Open invitations</h3>
      <ul className="grid gap-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-2 text-sm"
          >
            <span className="break-all">
              {invitation.email} · {ROLE_LABEL[invitation.role]} · expires {new Date(invitation.expiresAt).toLocaleDateString()}
            </span>
            <Button variant="outline" size="sm" onClick={() => revoke.mutate(invitation.id, { onError })}>
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OwnedOrganization({ organization }: { organization: MyOrganization }) {
  const members = useOrganizationMembers(organization.id);
  const changeRole = useChangeMemberRole(organization.id);
  const remove = useRemoveMember(organization.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{organization.name}: members</CardTitle>
        <CardDescription>
          Owners manage members, billing and the logo; members create and edit assessments; viewers read only.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <InviteForm organizationId={organization.id} />
        {members.data ? (
          <div className="relative min-w-0 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Members of {organization.name}</caption>
              <TableHead columns={['Person', 'Role', ACTIONS_COLUMN]} />
              <tbody>
                {members.data.members.map((member) => (
                  <tr key={member.userId} className="border-b border-slate-100">
                    <td className="py-2 pr-3 break-all">
                      {member.firstName} {member.lastName}
                      <span className="block text-slate-600">{member.email}</span>
                    </td>
                    <td className="py-2 pr-3">
                      <label className="sr-only" htmlFor={`role-${member.userId}`}>
                        Role of {member.email}
                      </label>
                      <select
                        id={`role-${member.userId}`}
                        className={SELECT_CLASS}
                        value={member.role}
                        onChange={(e) =>
                          changeRole.mutate({ userId: member.userId, role: e.target.value as OrganizationRole }, { onError })
                        }
                      >
                        {ORGANIZATION_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABEL[role]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => remove.mutate(member.userId, { onError })}
                        aria-label={`Remove ${member.email}`}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p role="status">Loading members…</p>
        )}
        {members.data ? <OpenInvitations organizationId={organization.id} invitations={members.data.invitations} /> : null}
        <RecentActivity organizationId={organization.id} />
      </CardContent>
    </Card>
  );
}

/**
 * /organizations: my organisations, switching, a partner's client organisations, members and invitations of the ones I own.
 * `renderOwned` adds the page's other sections of the organisation being managed (e.g. single sign-on).
 */
export function OrganizationsManager({ renderOwned }: { renderOwned?: (organization: MyOrganization) => ReactNode } = {}) {
  const { data, isLoading, error } = useMyOrganizations();
  const platformRole = useCurrentUser().data?.role ?? 'user';
  const manages = (organization: MyOrganization) => can({ platformRole, organizationRole: organization.role }, 'organization.manage');
  const switchOrganization = useSwitchOrganization();
  const [managedId, setManagedId] = useState<string | null>(null);
  if (isLoading) return <p role="status">Loading organisations…</p>;
  if (error || !data)
    return (
      <Alert variant="destructive">
        <AlertDescription>{getErrorMessage(error)}</AlertDescription>
      </Alert>
    );
  const managed = data.organizations.find((organization) => organization.id === managedId && manages(organization)) ?? null;
  return (
    <div className="grid gap-6">
      {data.canCreateOrganizations ? (
        <Card>
          <CardHeader>
            <CardTitle>Client organisations</CardTitle>
            <CardDescription>
              As an approved partner you can create an organisation for each client and invite its people. Each has its own assessments,
              reports and history.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CreateOrganizationForm />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Your organisations</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2">
            {data.organizations.map((organization) => (
              <li
                key={organization.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
              >
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="font-medium break-all text-slate-900">{organization.name}</span>
                  <Badge variant="secondary">{ROLE_LABEL[organization.role]}</Badge>
                  {organization.isCurrent ? <Badge>Current</Badge> : null}
                </span>
                <span className="flex flex-wrap gap-2">
                  {organization.isCurrent ? null : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={switchOrganization.isPending}
                      onClick={() => switchOrganization.mutate(organization.id)}
                    >
                      Switch to {organization.name}
                    </Button>
                  )}
                  {manages(organization) ? (
                    <Button
                      size="sm"
                      variant={managedId === organization.id ? 'default' : 'outline'}
                      onClick={() => setManagedId(organization.id)}
                      aria-label={`Manage members of ${organization.name}`}
                    >
                      Members
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {managed ? <OwnedOrganization organization={managed} /> : null}
      {managed && renderOwned ? renderOwned(managed) : null}
    </div>
  );
}
