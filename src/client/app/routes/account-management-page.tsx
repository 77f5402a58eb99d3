import { Page } from '@/client/components/layout/page.tsx';
import { AuditLogSection } from '@/client/features/admin/components/audit-log-section.tsx';
import { OrganizationsAdminSection } from '@/client/features/admin/components/organizations-admin-section.tsx';
import { UsersSection } from '@/client/features/admin/components/users-section.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';

/** /account-management (admins): users and their accounts, organisations, the audit log. */
export function AccountManagementPage() {
  const { user } = useAuth();
  const role = user?.role === 'super_admin' ? 'super_admin' : 'admin';
  return (
    <Page title="Account Management" description="Users, roles, organisations and the audit log.">
      <div className="grid gap-8">
        <section aria-label="Users">
          <UsersSection currentUserRole={role} />
        </section>
        <section aria-label="Organisations">
          {/* Composition point: the billing feature's SubscriptionAdminPanel goes in renderSubscription. */}
          <OrganizationsAdminSection />
        </section>
        <section aria-label="Audit log">
          <AuditLogSection />
        </section>
      </div>
    </Page>
  );
}
