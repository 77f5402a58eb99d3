import { useState } from 'react';
import type { AdminUserSummary } from '@/contracts/admin.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { ACTIONS_COLUMN } from '@/client/components/ui/data-table.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useAdminUsers, type UserFilters } from '../api/get-admin-users.ts';
import { PagedTable, SELECT_CLASS } from './pagination.tsx';
import type { AdminRole } from '@/contracts/auth.ts';
import { PLATFORM_ROLE_LABEL, PLATFORM_ROLE_OPTIONS } from './platform-roles.ts';
import { UserDetailDialog } from './user-detail-dialog.tsx';

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]> }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={SELECT_CLASS} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function UserRow({ user, onOpen }: { user: AdminUserSummary; onOpen: () => void }) {
  return (
    <tr className="border-b border-slate-100 align-top">
      <td className="py-2 pr-3">
        <span className="font-medium break-all text-slate-900">
          {user.firstName} {user.lastName}
        </span>
        <span className="block break-all text-slate-600">{user.email}</span>
      </td>
      <td className="py-2 pr-3">
        {PLATFORM_ROLE_LABEL[user.role]}
        {user.isPartner ? <span className="block text-slate-600">Partner</span> : null}
      </td>
      <td className="py-2 pr-3">
        <Badge variant={user.status === 'active' ? 'secondary' : 'destructive'}>{user.status}</Badge>
      </td>
      <td className="py-2 pr-3">{user.mfaEnabled ? 'On' : 'Off'}</td>
      <td className="py-2 pr-3">{user.lastSignInAt ? new Date(user.lastSignInAt).toLocaleString() : 'Never'}</td>
      <td className="py-2 text-right">
        <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Manage ${user.email}`}>
          Manage
        </Button>
      </td>
    </tr>
  );
}

/** Users with search and filters (role, status, two-factor, last sign-in), paginated; each opens its detail and actions. */
export function UsersSection({ currentUserRole }: { currentUserRole: AdminRole }) {
  const [filters, setFilters] = useState<UserFilters>({ q: '', role: '', status: '', mfa: '', lastSignIn: 'any', page: 1 });
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const { data, error, isLoading } = useAdminUsers(filters);
  const set = (key: keyof UserFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value, page: 1 }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <CardDescription>Search, filter and manage accounts. Every action is recorded in the audit log.</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <div className="grid gap-1 sm:col-span-2 lg:col-span-1">
            <Label htmlFor="user-search">Search name or e-mail</Label>
            <Input id="user-search" type="search" value={filters.q} onChange={(e) => set('q')(e.target.value)} />
          </div>
          <FilterSelect id="user-role" label="Role" value={filters.role} onChange={set('role')} options={[['', 'Any role'], ...PLATFORM_ROLE_OPTIONS]} />
          <FilterSelect
            id="user-status"
            label="Status"
            value={filters.status}
            onChange={set('status')}
            options={[['', 'Any status'], ['active', 'Active'], ['disabled', 'Disabled'], ['pending', 'Pending'], ['rejected', 'Rejected']]}
          />
          <FilterSelect id="user-mfa" label="Two-factor" value={filters.mfa} onChange={set('mfa')} options={[['', 'Any'], ['on', 'On'], ['off', 'Off']]} />
          <FilterSelect
            id="user-last-sign-in"
            label="Last sign-in"
            value={filters.lastSignIn}
            onChange={set('lastSignIn')}
            options={[['any', 'Any time'], ['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['90d', 'Last 90 days'], ['never', 'Never']]}
          />
        </div>
        {error ? <p role="alert" className="text-red-700">{getErrorMessage(error)}</p> : null}
        {isLoading ? <p role="status">Loading users…</p> : null}
        {data ? (
          <PagedTable
            name="Users"
            pagesLabel="Users pages"
            columns={['User', 'Role', 'Status', 'Two-factor', 'Last sign-in', ACTIONS_COLUMN]}
            rowCount={data.users.length}
            emptyText="No user matches these filters."
            page={data}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          >
            {data.users.map((user) => (
              <UserRow key={user.id} user={user} onOpen={() => setOpenUserId(user.id)} />
            ))}
          </PagedTable>
        ) : null}
      </CardContent>
      <UserDetailDialog userId={openUserId} onClose={() => setOpenUserId(null)} currentUserRole={currentUserRole} />
    </Card>
  );
}
