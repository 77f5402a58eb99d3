import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useState, type ReactNode } from 'react';
import type { AdminUserDetail, PlatformRole } from '@/contracts/admin.ts';
import { TotpCodeSchema } from '@/contracts/mfa.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useConfirmOwnCode } from '../api/confirm-own-code.ts';
import { useAdminUser } from '../api/get-admin-user.ts';
import { useUserAction, type UserAction } from '../api/user-action.ts';
import { SELECT_CLASS } from './pagination.tsx';
import type { AdminRole } from '@/contracts/auth.ts';
import { PLATFORM_ROLE_LABEL, PLATFORM_ROLE_OPTIONS } from './platform-roles.ts';

const OwnCodeSchema = z.object({ code: TotpCodeSchema });
type OwnCode = z.infer<typeof OwnCodeSchema>;

type UserActionRequest = Parameters<ReturnType<typeof useUserAction>['mutate']>[0];

/**
 * An account action that needs the acting admin's own fresh authenticator code (ADR 031): the code
 * is confirmed first, then the action runs; `children` is what the form says above the code.
 */
function OwnCodeConfirmation({
  id,
  label,
  request,
  submitLabel,
  destructive = false,
  formLabel,
  className,
  onDone,
  onCancel,
  children,
}: {
  id: string;
  label: string;
  request: UserActionRequest;
  submitLabel: string;
  destructive?: boolean;
  formLabel: string;
  className: string;
  onDone: (message: string) => void;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const confirm = useConfirmOwnCode();
  const action = useUserAction();
  const form = useForm<OwnCode>({ resolver: zodResolver(OwnCodeSchema), defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: () =>
        action.mutate(request, {
          onSuccess: (result) => {
            form.reset();
            onDone(result.message);
          },
        }),
    }),
  );
  const requestError = confirm.error ?? action.error;
  const error = form.formState.errors.code?.message ?? (requestError ? getErrorMessage(requestError) : undefined);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className={className} aria-label={formLabel}>
      {children}
      <FormField id={id} label={label} required error={error}>
        <div className="flex flex-wrap gap-2">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="w-32"
            {...fieldAria(id, error)}
            {...form.register('code', { setValueAs: (v: string) => v.replace(/\D/g, '') })}
          />
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={confirm.isPending || action.isPending}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </FormField>
    </form>
  );
}

function ResetTwoFactorForm({ userId }: { userId: string }) {
  return (
    <OwnCodeConfirmation
      id="own-code"
      label="Your current authenticator code (to confirm the reset)"
      request={{ userId, action: 'reset-mfa' }}
      submitLabel="Reset two-factor"
      destructive
      formLabel="Reset two-factor authentication"
      className="grid gap-2 rounded-md border border-slate-200 p-3"
      onDone={(message) => toast({ title: message })}
    />
  );
}

/** A titled list of the user's dialog (organisations, sessions, events). */
function DetailList({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`user-${id}-heading`}>
      <h3 id={`user-${id}-heading`} className="mb-1 font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="grid gap-1">{children}</ul>
    </section>
  );
}

type RunAction = (name: UserAction | 'partner', body?: { partner: boolean }) => void;

/** Enable or disable, revoke sessions, unlock, partner status: for plain users, or any account for a super admin. */
function AccountButtons({ user, run }: { user: AdminUserDetail; run: RunAction }) {
  return (
    <div className="flex flex-wrap gap-2">
      {user.status === 'disabled' ? (
        <Button variant="outline" onClick={() => run('enable')}>
          Enable account
        </Button>
      ) : (
        <Button variant="destructive" onClick={() => run('disable')}>
          Disable account
        </Button>
      )}
      <Button variant="outline" onClick={() => run('revoke-sessions')}>
        Revoke sessions
      </Button>
      <Button variant="outline" onClick={() => run('unlock')} disabled={!user.mfaLocked && !user.passwordLocked}>
        Unlock
      </Button>
      <Button variant="outline" onClick={() => run('partner', { partner: !user.isPartner })}>
        {user.isPartner ? 'Remove partner status' : 'Make partner'}
      </Button>
    </div>
  );
}

/**
 * The role chosen in the select waits for a confirmation with the super admin's own fresh
 * authenticator code (the server asks for it too: change-user-role.ts), as a two-factor reset does.
 */
function ConfirmRoleChange({ user, role, onDone }: { user: AdminUserDetail; role: PlatformRole; onDone: () => void }) {
  return (
    <OwnCodeConfirmation
      id="role-own-code"
      label="Your current authenticator code (to confirm the change)"
      request={{ userId: user.id, action: 'role', body: { role } }}
      submitLabel="Change role"
      formLabel="Confirm the role change"
      className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
      onDone={(message) => {
        toast({ title: message });
        onDone();
      }}
      onCancel={onDone}
    >
      <p className="text-slate-900">
        Change {user.firstName} {user.lastName}&apos;s platform role from {PLATFORM_ROLE_LABEL[user.role]} to{' '}
        <strong>{PLATFORM_ROLE_LABEL[role]}</strong>?
      </p>
    </OwnCodeConfirmation>
  );
}

/** The platform role: a select for super admins (the change then asks for confirmation), a sentence for admins. */
function RoleControl({ user, currentUserRole }: { user: AdminUserDetail; currentUserRole: AdminRole }) {
  const [pending, setPending] = useState<PlatformRole | null>(null);
  if (currentUserRole !== 'super_admin')
    return <p className="text-slate-700">Role: {user.role}. Only a super admin grants or removes administrator roles.</p>;
  return (
    <div className="grid gap-2">
      <div className="grid gap-1">
        <Label htmlFor="user-role-select">Platform role (super admins only)</Label>
        <select
          id="user-role-select"
          className={`${SELECT_CLASS} sm:w-60`}
          value={pending ?? user.role}
          onChange={(e) => setPending(e.target.value === user.role ? null : (e.target.value as PlatformRole))}
        >
          {PLATFORM_ROLE_OPTIONS.map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {pending ? <ConfirmRoleChange key={pending} user={user} role={pending} onDone={() => setPending(null)} /> : null}
    </div>
  );
}

function UserActions({ user, currentUserRole, run }: { user: AdminUserDetail; currentUserRole: AdminRole; run: RunAction }) {
  return (
    <section aria-labelledby="user-actions-heading" className="grid gap-3">
      <h3 id="user-actions-heading" className="font-semibold text-slate-900">
        Actions
      </h3>
      {/* The server refuses it too (docs/privilege-matrix.md): an admin acts on plain users only. */}
      {currentUserRole !== 'super_admin' && user.role !== 'user' ? (
        <p className="text-slate-700">Only a super administrator can manage administrator accounts.</p>
      ) : (
        <AccountButtons user={user} run={run} />
      )}
      {user.mfaLocked || user.passwordLocked ? (
        <p className="text-amber-800">
          This account is locked ({[user.mfaLocked && 'two-factor', user.passwordLocked && 'password sign-in'].filter(Boolean).join(', ')}).
        </p>
      ) : null}
      <RoleControl user={user} currentUserRole={currentUserRole} />
      {user.mfaEnabled && (currentUserRole === 'super_admin' || user.role === 'user') ? <ResetTwoFactorForm userId={user.id} /> : null}
    </section>
  );
}

function UserDetails({ user, currentUserRole, run }: { user: AdminUserDetail; currentUserRole: AdminRole; run: RunAction }) {
  return (
    <div className="grid gap-5 text-sm">
      <UserActions user={user} currentUserRole={currentUserRole} run={run} />
      <DetailList id="orgs" title="Organisations">
        {user.organizations.map((org) => (
          <li key={org.id} className="break-all">
            {org.name} · {org.role}
            {org.isHome ? ' · home' : ''}
          </li>
        ))}
      </DetailList>
      <DetailList id="sessions" title={`Open sessions (${user.sessions.length})`}>
        {user.sessions.map((session, index) => (
          <li key={index} className="break-all text-slate-700">
            Since {new Date(session.createdAt).toLocaleString()} · last seen {new Date(session.lastSeenAt).toLocaleString()} ·{' '}
            {session.ip ?? 'unknown IP'}
            {session.mfaVerified ? '' : ' · password only'}
          </li>
        ))}
      </DetailList>
      <DetailList id="events" title="Recent events">
        {user.recentEvents.map((event) => (
          <li key={event.id} className="break-all text-slate-700">
            <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time> · {event.action} · by {event.actorEmail ?? 'system'}
          </li>
        ))}
      </DetailList>
    </div>
  );
}

/** One user's organisations, sessions and recent events, with the account actions. */
export function UserDetailDialog({
  userId,
  onClose,
  currentUserRole,
}: {
  userId: string | null;
  onClose: () => void;
  currentUserRole: AdminRole;
}) {
  const { data: user, error } = useAdminUser(userId);
  const action = useUserAction();
  const run: RunAction = (name, body) => {
    if (!userId) return;
    action.mutate(
      { userId, action: name, ...(body ? { body } : {}) },
      {
        onSuccess: (result) => toast({ title: result.message }),
        onError: (e) => toast({ title: 'Action refused', description: getErrorMessage(e), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user ? `${user.firstName} ${user.lastName}` : 'User'}</DialogTitle>
          <DialogDescription className="break-all">
            {user ? `${user.email} · ${user.status} · two-factor ${user.mfaEnabled ? 'on' : 'off'}` : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {error ? <p role="alert">{getErrorMessage(error)}</p> : null}
        {user ? <UserDetails user={user} currentUserRole={currentUserRole} run={run} /> : null}
      </DialogContent>
    </Dialog>
  );
}
