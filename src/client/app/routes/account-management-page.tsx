import { Page } from '@/client/components/layout/page.tsx';
import { AuditLogSection } from '@/client/features/admin/components/audit-log-section.tsx';
import { OrganizationsAdminSection } from '@/client/features/admin/components/organizations-admin-section.tsx';
import { UsersSection } from '@/client/features/admin/components/users-section.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { SubscriptionAdminPanel } from '@/client/features/billing/components/subscription-admin-panel.tsx';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';

/** /account-management (admins): users and their accounts, organisations, the audit log. */
export function AccountManagementPage() {
  const { isSuperAdmin } = useAuth();
  const role = isSuperAdmin ? 'super_admin' : 'admin';
  return (
    <Page title="Account Management" description="Users, roles, organisations and the audit log.">
      <div className="grid min-w-0 grid-cols-1 gap-8">
        <section aria-label="Users" className="min-w-0">
          <UsersSection currentUserRole={role} />
        </section>
        <section aria-label="Organisations" className="min-w-0">
          {/* Invoice mode (ADR 136): an organisation's subscription is activated or extended here, audited. */}
          <OrganizationsAdminSection currentUserRole={role} StepUpDialog={StepUpDialog} renderSubscription={(organization) => <SubscriptionAdminPanel organizationId={organization.id} />} />
        </section>
        <section aria-label="Audit log" className="min-w-0">
          <AuditLogSection />
        </section>
      </div>
    </Page>
  );
}
