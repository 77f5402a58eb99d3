import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { useAssessment } from '../shared/api/get-assessment.ts';
import { OnDeviceResults } from '../results/components/on-device-results.tsx';
import { useReplacedRevision } from '../shared/offline/replaced-drafts.ts';
import { BusinessAssessment } from '../editor/components/business-assessment.tsx';
import { CompletedAssessment } from './completed-assessment.tsx';
import { GuidedAssessment } from '../editor/components/guided-assessment.tsx';

/**
 * Said instead of a spinner when there is no connection and nothing cached to show (ADR 162); on the
 * home page a new assessment can still be started (ADR 304), which `canStartNew` says.
 */
export function OfflineUnavailable({ canStartNew = false }: { canStartNew?: boolean }) {
  return (
    <p role="status" className="max-w-2xl text-slate-700">
      You&apos;re offline, so your assessments cannot be loaded right now. They appear here when the connection returns; an assessment you already had open keeps working offline.
      {canStartNew ? ' You can still start a new one below: it is saved on this device and sent to your account when you are back online.' : null}
    </p>
  );
}

/**
 * One assessment opened by id: its questionnaire while a draft (by path), its results once
 * completed. `completedExtras` lets the page add what other features show beside the results
 * (e.g. what changed since the last assessment, a link to present it).
 */
export function AssessmentWorkspace({ id, onOpen, completedExtras }: { id: string; onOpen: (id: string) => void; completedExtras?: (assessment: Assessment) => ReactNode }) {
  const assessment = useAssessment(id);
  const [completedNow, setCompletedNow] = useState<Assessment | null>(null);
  // Completed with no connection: results computed on this device until the queue syncs (ADR 162).
  const replacedRevision = useReplacedRevision(id);
  const [onDevice, setOnDevice] = useState<{ input: RiskInput; revision: number } | null>(null);

  if (!assessment.data && (assessment.fetchStatus === 'paused' || (assessment.isError && isNetworkFailure(assessment.error)))) return <OfflineUnavailable />;
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
  if (current.status === 'completed') return <CompletedAssessment assessment={current} onOpen={onOpen} extras={completedExtras?.(current)} />;
  if (onDevice && onDevice.revision === replacedRevision) return <OnDeviceResults input={onDevice.input} title={current.title} answeredAs={current} />;
  const key = `${current.id}:${replacedRevision}`;
  const questionnaire = {
    assessment: current,
    // The results open at their top, headline first, not at the long form's scroll position.
    onCompleted: (completed: Assessment) => {
      setCompletedNow(completed);
      window.scrollTo({ top: 0, behavior: 'instant' });
    },
    onCompletedOnDevice: (input: RiskInput) => {
      setOnDevice({ input, revision: replacedRevision });
      window.scrollTo({ top: 0, behavior: 'instant' });
    },
  };
  return current.path === 'business' ? <BusinessAssessment key={key} {...questionnaire} /> : <GuidedAssessment key={key} {...questionnaire} />;
}
