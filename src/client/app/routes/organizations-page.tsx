import { Page } from '@/client/components/layout/page.tsx';
import { OrganizationsManager } from '@/client/features/organizations/components/organizations-manager.tsx';
import { SsoSettingsSection } from '@/client/features/sso/components/sso-settings-section.tsx';
import { ScimSection } from '@/client/features/sso/components/scim-section.tsx';
import { ApiTokensCard } from '@/client/features/api-tokens/components/api-tokens-card.tsx';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';
import { WebhooksSection } from '@/client/features/webhooks/components/webhooks-section.tsx';
import { OrganizationDeletionSection } from '@/client/features/privacy/components/organization-deletion-section.tsx';
import type { MyOrganization } from '@/contracts/organizations.ts';

/** The owner's sections of the organisation being managed: single sign-on and SCIM provisioning (ADR 296), its API tokens (ADR 228), its webhooks (ADR 229), then its deletion (ADR 233). */
function OwnedOrganizationSections({ organization }: { organization: MyOrganization }) {
  return (
    <>
      <SsoSettingsSection organizationId={organization.id} organizationName={organization.name} StepUpDialog={StepUpDialog} />
      <ScimSection organizationId={organization.id} organizationName={organization.name} StepUpDialog={StepUpDialog} />
      <ApiTokensCard
        target={{ kind: 'organization', organizationId: organization.id }}
        title="Organisation API tokens"
        description={`Keys for systems that work for ${organization.name} as a whole (a data warehouse, a nightly sync), not for one person. A token carries the rights of the owner who creates it and stops working if that person is no longer an owner. Every owner sees and can revoke them.`}
        StepUpDialog={StepUpDialog}
      />
      <WebhooksSection organizationId={organization.id} organizationName={organization.name} StepUpDialog={StepUpDialog} />
      <OrganizationDeletionSection organizationId={organization.id} organizationName={organization.name} StepUpDialog={StepUpDialog} />
    </>
  );
}

/** /organizations: the organisations I belong to; a partner's client organisations, members, invitations and single sign-on. */
export function OrganizationsPage() {
  return (
    <Page title="Organisations" description="Switch between organisations, and manage the members, single sign-on and API tokens of those you own.">
      <OrganizationsManager renderOwned={(organization) => <OwnedOrganizationSections key={organization.id} organization={organization} />} />
    </Page>
  );
}
