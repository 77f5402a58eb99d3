import { useLocation, useSearch } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { AssessmentHome } from '@/client/features/assessments/components/assessment-home.tsx';
import { AssessmentWorkspace } from '@/client/features/assessments/components/assessment-workspace.tsx';

/**
 * `/` and `/risk-assessment` for signed-in users: `?id=` opens an assessment (questionnaire or
 * results); without it, the latest result, a draft to continue and the two ways in.
 */
export function AssessmentPage() {
  const id = new URLSearchParams(useSearch()).get('id');
  const [location, navigate] = useLocation();
  const open = (target: string) => navigate(`${location}?id=${target}`);
  return (
    <Page title="Risk Assessment" description="Your cyber-risk in dollars: what an incident would cost, why, and what to fix first.">
      {id === null ? <AssessmentHome onOpen={open} /> : <AssessmentWorkspace key={id} id={id} onOpen={open} />}
    </Page>
  );
}
