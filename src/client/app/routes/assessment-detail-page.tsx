import { useParams } from 'wouter';
import { AssessmentDetail } from '@/client/features/assessments/pages/assessment-detail.tsx';
import { WhatChangedPanel } from '@/client/features/presentation/components/what-changed-panel.tsx';
import { CoveragePanel } from '@/client/features/risk-profile/components/coverage-panel.tsx';

/** /history/:id: a saved assessment's results, read-only, with what changed since the one before. */
export function AssessmentDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // The comparison and the insurance and appetite figures sit above the results (each belongs to its own feature).
  return (
    <AssessmentDetail
      id={id}
      whatChanged={(assessmentId) => (
        <>
          <WhatChangedPanel assessmentId={assessmentId} />
          <CoveragePanel assessmentId={assessmentId} />
        </>
      )}
    />
  );
}
