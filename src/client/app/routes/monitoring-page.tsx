import { Page } from '@/client/components/layout/page.tsx';
import { useAuth } from '@/client/features/auth/hooks/use-auth.ts';
import { ActionPlanSection } from '@/client/features/monitoring/components/action-plan-section.tsx';
import { OpsPanel } from '@/client/features/monitoring/components/ops-panel.tsx';
import { ScheduleSection } from '@/client/features/monitoring/components/schedule-section.tsx';
import { TrendSection } from '@/client/features/monitoring/components/trend-section.tsx';

/** /monitoring: is our risk going down, are the fixes getting done, when do we look again (and, for admins, is the system healthy). */
export function MonitoringPage() {
  const { user, isAdmin } = useAuth();
  return (
    <Page title="Monitoring" description="Your risk over time, the action plan in dollars, and when to reassess.">
      <div className="grid gap-8">
        <TrendSection />
        <ActionPlanSection currentUserId={user?.id ?? null} />
        <ScheduleSection />
        {isAdmin ? <OpsPanel /> : null}
      </div>
    </Page>
  );
}
