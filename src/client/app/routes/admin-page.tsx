import { Page } from '@/client/components/layout/page.tsx';
import { AccessRequestsSection } from '@/client/features/admin/components/access-requests-section.tsx';
import { EmailOutboxSection } from '@/client/features/admin/components/email-outbox-section.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { InboxAdmin } from '@/client/features/inbox/components/inbox-admin.tsx';
import { StepUpDialog } from '@/client/features/mfa/components/setup-dialogs.tsx';
import { PendingSsoDomainsSection } from '@/client/features/sso/components/pending-domains-section.tsx';

export function AdminPage() {
  const { isSuperAdmin } = useAuth();
  return (
    <Page title="Administration" description="Requests from users and visitors.">
      <div className="grid min-w-0 grid-cols-1 gap-8">
        <section className="min-w-0" aria-label="Access requests">
          <AccessRequestsSection />
        </section>
        <section className="min-w-0" aria-label="Inbox">
          <InboxAdmin />
        </section>
        {isSuperAdmin ? (
          <section className="min-w-0" aria-label="SSO domains awaiting approval">
            <PendingSsoDomainsSection StepUpDialog={StepUpDialog} />
          </section>
        ) : null}
        <section className="min-w-0" aria-label="Email outbox">
          <EmailOutboxSection />
        </section>
      </div>
    </Page>
  );
}
