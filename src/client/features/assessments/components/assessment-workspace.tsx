import { useState } from 'react';
import { Link } from 'wouter';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import { useAssessment } from '../api/get-assessment.ts';
import { BusinessAssessment } from './business-assessment.tsx';
import { CompletedAssessment } from './completed-assessment.tsx';
import { GuidedAssessment } from './guided-assessment.tsx';

/** One assessment opened by id: its questionnaire while a draft (by path), its results once completed. */
export function AssessmentWorkspace({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const assessment = useAssessment(id);
  const [completedNow, setCompletedNow] = useState<Assessment | null>(null);
  if (assessment.isLoading) return <p role="status">Loading your assessment…</p>;
  if (assessment.error || !assessment.data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{assessment.error ? getErrorMessage(assessment.error) : 'Assessment not found.'}</p>
        <Link href="/" className="font-medium text-blue-800 underline">
          Back to your assessments
        </Link>
      </div>
    );
  }
  const current = completedNow?.id === id ? completedNow : assessment.data;
  if (current.status === 'completed') return <CompletedAssessment assessment={current} onOpen={onOpen} />;
  return current.path === 'business' ? (
    <BusinessAssessment key={current.id} assessment={current} onCompleted={setCompletedNow} />
  ) : (
    <GuidedAssessment key={current.id} assessment={current} onCompleted={setCompletedNow} />
  );
}
