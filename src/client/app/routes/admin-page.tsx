import { Page } from '@/client/components/layout/page.tsx';
import { AccessRequestsSection } from '@/client/features/admin/components/access-requests-section.tsx';
import { EmailOutboxSection } from '@/client/features/admin/components/email-outbox-section.tsx';
import { ConsultationRequestsAdmin } from '@/client/features/consultations/components/consultation-requests-admin.tsx';
import { HelpRequestsAdmin } from '@/client/features/help/components/help-requests-admin.tsx';

export function AdminPage() {
  return (
    <Page title="Administration" description="Requests from users and visitors.">
      <div className="grid gap-8">
        <section aria-label="Access requests">
          <AccessRequestsSection />
        </section>
        <section aria-label="Help requests">
          <HelpRequestsAdmin />
        </section>
        <section aria-label="Consultation requests">
          <ConsultationRequestsAdmin />
        </section>
        <section aria-label="Email outbox">
          <EmailOutboxSection />
        </section>
      </div>
    </Page>
  );
}
