import { Page } from '@/client/components/layout/page.tsx';
import { OrganizationsManager } from '@/client/features/organizations/components/organizations-manager.tsx';
import { SsoSettingsSection } from '@/client/features/sso/components/sso-settings-section.tsx';

/** /organizations: the organisations I belong to; a partner's client organisations, members, invitations and single sign-on. */
export function OrganizationsPage() {
  return (
    <Page title="Organisations" description="Switch between organisations, and manage the members and single sign-on of those you own.">
      <OrganizationsManager renderOwned={(organization) => <SsoSettingsSection key={organization.id} organizationId={organization.id} organizationName={organization.name} />} />
    </Page>
  );
}
