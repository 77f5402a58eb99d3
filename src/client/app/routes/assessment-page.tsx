import { Link, useLocation, useSearch } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { AssessmentHome } from '@/client/features/assessments/pages/assessment-home.tsx';
import { AssessmentWorkspace } from '@/client/features/assessments/pages/assessment-workspace.tsx';
import { OpenInOrganization } from '@/client/features/organizations/components/open-in-organization.tsx';
import { WhatChangedPanel } from '@/client/features/presentation/components/what-changed-panel.tsx';
import type { Assessment } from '@/contracts/assessments.ts';

/** Beside a completed assessment's results: the board presentation and what changed since last time. */
function ReportExtras({ assessment }: { assessment: Assessment }) {
  return (
    <>
      <p className="text-sm">
        <Link href={`/presentation?id=${assessment.id}`} className="font-medium text-blue-800 underline">
          Present to the board
        </Link>
      </p>
      <WhatChangedPanel assessmentId={assessment.id} />
    </>
  );
}

/**
 * `/` and `/risk-assessment` for signed-in users: `?id=` opens an assessment (questionnaire or
 * results), with `&organization=` in that organisation; without it, the latest result, a draft to continue and the two ways in.
 */
export function AssessmentPage() {
  const search = new URLSearchParams(useSearch());
  const id = search.get('id');
  const organizationId = search.get('organization');
  const [location, navigate] = useLocation();
  const open = (target: string) => navigate(`${location}?id=${target}`);
  return (
    <Page title="Risk Assessment" description="Your cyber-risk in dollars: what an incident would cost, why, and what to fix first.">
      {id === null ? (
        <AssessmentHome onOpen={open} />
      ) : (
        // A hand-over link names the organisation the assessment belongs to: switch to it first.
        <OpenInOrganization organizationId={organizationId ?? ''} skip={organizationId === null}>
          <AssessmentWorkspace key={id} id={id} onOpen={open} completedExtras={(assessment) => <ReportExtras assessment={assessment} />} />
        </OpenInOrganization>
      )}
    </Page>
  );
}
