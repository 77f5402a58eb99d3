import { Page } from '@/client/components/layout/page.tsx';
import { OrganizationsManager } from '@/client/features/organizations/components/organizations-manager.tsx';

/** /organizations: the organisations I belong to; a partner's client organisations, members and invitations. */
export function OrganizationsPage() {
  return (
    <Page title="Organisations" description="Switch between organisations, and manage the members of those you own.">
      <OrganizationsManager />
    </Page>
  );
}
