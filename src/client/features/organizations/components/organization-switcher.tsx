import { Building2 } from 'lucide-react';
import { Link } from 'wouter';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useMyOrganizations } from '../api/get-my-organizations.ts';
import { useSwitchOrganization } from '../api/switch-organization.ts';

/** The header's organisation switcher: shown only to people with more than one organisation (or partners, who create them). */
export function OrganizationSwitcher({ compact = false }: { compact?: boolean }) {
  const { data } = useMyOrganizations();
  const switchOrganization = useSwitchOrganization();
  if (!data || (data.organizations.length < 2 && !data.canCreateOrganizations)) return null;
  const selectId = compact ? 'organization-switcher-menu' : 'organization-switcher';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Building2 className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
      <label htmlFor={selectId} className="sr-only">
        Current organisation
      </label>
      {data.organizations.length > 1 ? (
        <select
          id={selectId}
          className="h-9 max-w-[12rem] min-w-0 truncate rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          value={data.currentOrganizationId}
          disabled={switchOrganization.isPending}
          onChange={(event) => {
            // Read now: the controlled select shows the old value again until the list refetches.
            const chosen = data.organizations.find((o) => o.id === event.target.value);
            switchOrganization.mutate(event.target.value, {
              onSuccess: () => toast({ title: `Now working in ${chosen?.name ?? 'the organisation'}` }),
              onError: (error) => toast({ title: 'Could not switch organisation', description: getErrorMessage(error), variant: 'destructive' }),
            });
          }}
        >
          {data.organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </select>
      ) : null}
      <Link href="/organizations" className="shrink-0 rounded-md px-1 text-sm text-blue-800 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
        Organisations
      </Link>
    </div>
  );
}
