import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { Assessment, DraftRiskInput } from '@/contracts/assessments.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { useCompleteAssessment } from '../api/complete-assessment.ts';
import { removeLocalDraft } from '../lib/draft-input.ts';
import type { GuidedState } from '../lib/guided-state.ts';
import { getAssessmentOutbox } from '../offline/assessment-outbox.ts';
import { useQueueCompletion } from '../offline/use-queue-completion.ts';

/**
 * "Calculate my results": sends the answers on screen (so the result never depends on an earlier
 * autosave). Offline, or with changes still waiting in the offline queue, the completion waits
 * there too, in order, and the results are computed on this device (ADR 162).
 */
export function useGuidedCompletion({
  assessmentId,
  state,
  completeInput,
  stopAutosave,
  onCompleted,
  onCompletedOnDevice,
}: {
  assessmentId: string;
  state: GuidedState;
  /** The answers as the engine takes them; null while something required is missing. */
  completeInput: RiskInput | null;
  stopAutosave: () => void;
  onCompleted: (completed: Assessment) => void;
  onCompletedOnDevice: ((input: RiskInput) => void) | undefined;
}) {
  const complete = useCompleteAssessment();
  const queueCompletion = useQueueCompletion();
  const { input, step, evidenceNotes } = state;

  const completeOnDevice = async (finalInput: DraftRiskInput): Promise<boolean> => {
    if (!onCompletedOnDevice || !completeInput) return false;
    if (!(await queueCompletion(assessmentId, { input: finalInput, step }))) return false;
    onCompletedOnDevice(completeInput);
    return true;
  };

  const calculate = async () => {
    if (!completeInput) return;
    stopAutosave();
    const finalInput: DraftRiskInput = { ...input, factors: input.factors ?? {}, frameworks: input.frameworks ?? {} };
    const mustQueue = !navigator.onLine || (await getAssessmentOutbox().has(assessmentId));
    if (mustQueue && (await completeOnDevice(finalInput))) return;
    complete.mutate(
      { id: assessmentId, body: { input: finalInput, evidenceNotes } },
      {
        onSuccess: (completed) => {
          removeLocalDraft(assessmentId);
          onCompleted(completed);
        },
        onError: async (error) => {
          if (isNetworkFailure(error) && (await completeOnDevice(finalInput))) return;
          toast({ title: 'Could not calculate', description: getErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return { calculate, isCalculating: complete.isPending };
}
