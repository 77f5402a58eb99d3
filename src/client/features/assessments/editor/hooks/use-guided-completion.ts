import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { Assessment, AssessmentStep, CompleteAssessmentBody, DraftRiskInput } from '@/contracts/assessments.ts';
import type { BusinessAnswers } from '@/contracts/business-questions.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { useCompleteAssessment } from '../api/complete-assessment.ts';
import { removeLocalDraft } from '../../shared/lib/draft-input.ts';
import type { GuidedState } from '../lib/guided-state.ts';
import { getAssessmentOutbox } from '../../shared/offline/assessment-outbox.ts';
import { useQueueCompletion } from '../offline/use-queue-completion.ts';

interface CompletionOptions {
  assessmentId: string;
  /** Ends the autosave and waits for a save already on its way, so nothing reaches the server after the completion. */
  stopAutosave: () => Promise<void>;
  onCompleted: (completed: Assessment) => void;
  onCompletedOnDevice: ((input: RiskInput) => void) | undefined;
}

/** What one press of 'Calculate' sends: the answers on screen, and the engine's input when nothing is missing. */
interface Calculation {
  finalInput: DraftRiskInput;
  step: AssessmentStep;
  completeInput: RiskInput;
  body: Omit<CompleteAssessmentBody, 'input'>;
  businessAnswers?: BusinessAnswers;
}

/**
 * "Calculate my results" on either path: sends the answers on screen (so the result never depends
 * on an earlier autosave). Offline, or with changes still waiting in the offline queue, the
 * completion waits there too, in order, and the results are computed on this device (ADR 162).
 */
export function useCompletion({ assessmentId, stopAutosave, onCompleted, onCompletedOnDevice }: CompletionOptions) {
  const complete = useCompleteAssessment();
  const queueCompletion = useQueueCompletion();

  const completeOnDevice = async ({ finalInput, step, completeInput, businessAnswers }: Calculation): Promise<boolean> => {
    if (!onCompletedOnDevice) return false;
    if (!(await queueCompletion(assessmentId, { input: finalInput, step, ...(businessAnswers ? { businessAnswers } : {}) }))) return false;
    onCompletedOnDevice(completeInput);
    return true;
  };

  const calculate = async (calculation: Calculation) => {
    await stopAutosave();
    const mustQueue = !navigator.onLine || (await getAssessmentOutbox().has(assessmentId));
    if (mustQueue && (await completeOnDevice(calculation))) return;
    complete.mutate(
      { id: assessmentId, body: { ...calculation.body, input: calculation.finalInput } },
      {
        onSuccess: (completed) => {
          removeLocalDraft(assessmentId);
          onCompleted(completed);
        },
        onError: async (error) => {
          if (isNetworkFailure(error) && (await completeOnDevice(calculation))) return;
          toast({ title: 'Could not calculate', description: getErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return { calculate, isCalculating: complete.isPending };
}

/** The security lead's 'Calculate' (guided path). */
export function useGuidedCompletion(options: CompletionOptions & { state: GuidedState; completeInput: RiskInput | null }) {
  const { calculate, isCalculating } = useCompletion(options);
  const { input, step, evidenceNotes } = options.state;
  const { completeInput } = options;
  return {
    calculate: async () => {
      if (!completeInput) return;
      const finalInput: DraftRiskInput = { ...input, factors: input.factors ?? {}, frameworks: input.frameworks ?? {} };
      await calculate({ finalInput, step, completeInput, body: { evidenceNotes } });
    },
    isCalculating,
  };
}
