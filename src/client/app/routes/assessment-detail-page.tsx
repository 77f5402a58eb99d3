import { useParams } from 'wouter';
import { AssessmentDetail } from '@/client/features/assessments/components/assessment-detail.tsx';
import { WhatChangedPanel } from '@/client/features/presentation/components/what-changed-panel.tsx';

/** /history/:id: a saved assessment's results, read-only, with what changed since the one before. */
export function AssessmentDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  return <AssessmentDetail id={id} whatChanged={(assessmentId) => <WhatChangedPanel assessmentId={assessmentId} />} />;
}
