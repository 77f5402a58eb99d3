import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { ASSESSMENT_STEPS, type Assessment, type AssessmentStep, type DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTOR_GROUPS, FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import { findFactorAnswerConflicts } from '@/engine/suggest-factor-answers.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { useCompleteAssessment } from '../api/complete-assessment.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { computeSuggestions, countAnswered, readLocalDraft, removeLocalDraft, toCompleteInput } from '../lib/draft-input.ts';
import { guidedReducer, type GuidedState } from '../lib/guided-state.ts';
import { getAssessmentOutbox } from '../offline/assessment-outbox.ts';
import { useQueueCompletion } from '../offline/use-queue-completion.ts';
import { FactorQuestion } from './factor-question.tsx';
import { FrameworksStep } from './frameworks-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { QuestionnaireFrame } from './questionnaire-frame.tsx';

type GuidedStep = (typeof ASSESSMENT_STEPS)[number];

const STEP_TITLES: Record<GuidedStep, string> = {
  profile: 'Your organisation',
  frameworks: 'Compliance frameworks',
  people: 'People',
  protection: 'Protection',
  detectionAndResponse: 'Detection & response',
  governance: 'Governance',
  exposure: 'Exposure',
  review: 'Review',
};

const STEP_INTROS: Record<GuidedStep, string> = {
  profile:
    'A few facts about your organisation set the starting point: how often organisations like yours have incidents and what they cost.',
  frameworks: 'Standards you already meet are evidence for several controls: we use them to suggest answers on the next pages.',
  people: 'Staff, skills and how people work.',
  protection: 'Controls that stop attacks getting in or limit what they reach.',
  detectionAndResponse: 'How quickly you notice an incident and how well you recover.',
  governance: 'Who is accountable and whether you meet your obligations.',
  exposure: 'Parts of your environment that make an incident worse.',
  review: 'Check your answers, then calculate.',
};

function isGuidedStep(step: AssessmentStep): step is GuidedStep {
  return (ASSESSMENT_STEPS as readonly string[]).includes(step);
}

function isFactorStep(step: AssessmentStep): step is (typeof FACTOR_GROUPS)[number]['id'] {
  return FACTOR_GROUPS.some((g) => g.id === step);
}

function initialState(assessment: Assessment): { state: GuidedState; isDirty: boolean } {
  const local = readLocalDraft(assessment.id);
  if (local && local.isDirty && local.savedAt > Date.parse(assessment.updatedAt)) {
    return {
      state: { input: local.input, step: local.step, evidenceNotes: local.evidenceNotes ?? assessment.evidenceNotes },
      isDirty: true,
    };
  }
  const step = assessment.currentStep && isGuidedStep(assessment.currentStep) ? assessment.currentStep : 'profile';
  return { state: { input: assessment.input, step, evidenceNotes: assessment.evidenceNotes }, isDirty: false };
}

/**
 * The commercial (security lead's) path: profile → frameworks → the 19 factors in five groups →
 * review. The draft autosaves to the server and the browser and resumes at the step the user was
 * on; completing sends the answers on screen, so the result never depends on an earlier autosave.
 */
export function GuidedAssessment({
  assessment,
  onCompleted,
  onCompletedOnDevice,
}: {
  assessment: Assessment;
  onCompleted: (completed: Assessment) => void;
  /** With no connection: the completion is queued and the results are computed on this device (ADR 162). */
  onCompletedOnDevice?: (input: RiskInput) => void;
}) {
  const [initial] = useState(() => initialState(assessment));
  const [state, dispatch] = useReducer(guidedReducer, initial.state);
  const { input, step, evidenceNotes } = state;
  const snapshot = useMemo(
    () => ({ input, step, evidenceNotes, businessAnswers: assessment.businessAnswers }),
    [input, step, evidenceNotes, assessment.businessAnswers],
  );
  const autosave = useDraftAutosave(assessment.id, snapshot, initial.isDirty);
  const complete = useCompleteAssessment();
  const queueCompletion = useQueueCompletion();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const validator = useRef<(() => Promise<boolean>) | null>(null);
  const isFirstRender = useRef(true);
  const stepIndex = ASSESSMENT_STEPS.indexOf(step as GuidedStep);
  const suggestions = useMemo(() => computeSuggestions(input), [input]);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const registerValidator = useCallback((validate: () => Promise<boolean>) => {
    validator.current = validate;
  }, []);
  const onOrganisation = useCallback(
    (organisation: DraftRiskInput['organisation']) => dispatch({ type: 'organisation', organisation }),
    [],
  );
  const onFrameworks = useCallback((frameworks: DraftRiskInput['frameworks']) => dispatch({ type: 'frameworks', frameworks }), []);
  const onAnswer = useCallback((factorId: FactorId, answer: FactorAnswer) => dispatch({ type: 'answer', factorId, answer }), []);
  const onNote = useCallback((factorId: FactorId, note: string) => dispatch({ type: 'note', factorId, note }), []);

  const goTo = async (target: AssessmentStep) => {
    if (
      step === 'profile' &&
      ASSESSMENT_STEPS.indexOf(target as GuidedStep) > stepIndex &&
      validator.current &&
      !(await validator.current())
    )
      return;
    validator.current = null;
    dispatch({ type: 'step', step: target });
    window.scrollTo({ top: 0 });
  };

  const { input: completeInput, issues } = toCompleteInput(input);
  const conflicts = completeInput ? findFactorAnswerConflicts(completeInput.factors, [...suggestions.values()]) : [];

  /** Offline, or with changes still waiting in the offline queue: the completion waits there too, in order (ADR 162). */
  const completeOnDevice = async (finalInput: DraftRiskInput): Promise<boolean> => {
    if (!onCompletedOnDevice || !completeInput) return false;
    if (!(await queueCompletion(assessment.id, { input: finalInput, step }))) return false;
    onCompletedOnDevice(completeInput);
    return true;
  };

  const calculate = async () => {
    if (!completeInput) return;
    autosave.stop();
    const finalInput: DraftRiskInput = { ...input, factors: input.factors ?? {}, frameworks: input.frameworks ?? {} };
    const mustQueue = !navigator.onLine || (await getAssessmentOutbox().has(assessment.id));
    if (mustQueue && (await completeOnDevice(finalInput))) return;
    complete.mutate(
      { id: assessment.id, body: { input: finalInput, evidenceNotes } },
      {
        onSuccess: (completed) => {
          removeLocalDraft(assessment.id);
          onCompleted(completed);
        },
        onError: async (error) => {
          if (isNetworkFailure(error) && (await completeOnDevice(finalInput))) return;
          toast({ title: 'Could not calculate', description: getErrorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const current = step as GuidedStep;
  return (
    <QuestionnaireFrame
      steps={ASSESSMENT_STEPS}
      titles={STEP_TITLES}
      step={current}
      status={autosave.status}
      answeredText={`${countAnswered(input)} of ${FACTORS.length} questions answered`}
      onGoTo={(s) => void goTo(s)}
      headingRef={headingRef}
      intro={STEP_INTROS[current]}
      navigation={
        <>
          <Button
            type="button"
            variant="outline"
            disabled={stepIndex === 0}
            onClick={() => void goTo(ASSESSMENT_STEPS[stepIndex - 1] ?? 'profile')}
          >
            Back
          </Button>
          {step === 'review' ? (
            <Button type="button" size="lg" disabled={!completeInput || complete.isPending} onClick={() => void calculate()}>
              {complete.isPending ? 'Calculating…' : 'Calculate my results'}
            </Button>
          ) : (
            <Button type="button" onClick={() => void goTo(ASSESSMENT_STEPS[stepIndex + 1] ?? 'review')}>
              Next: {STEP_TITLES[ASSESSMENT_STEPS[stepIndex + 1] ?? 'review']}
            </Button>
          )}
        </>
      }
    >
      {step === 'profile' ? <ProfileStep draft={input} onChange={onOrganisation} registerValidator={registerValidator} /> : null}
      {step === 'frameworks' ? <FrameworksStep draft={input} onChange={onFrameworks} /> : null}
      {isFactorStep(step)
        ? FACTORS.filter((f) => f.group === step).map((f) => (
            <FactorQuestion
              key={f.id}
              factor={f}
              answer={input.factors?.[f.id]}
              suggestion={suggestions.get(f.id)}
              note={evidenceNotes[f.id]}
              provenance={assessment.answerProvenance[f.id]}
              onAnswer={(a) => onAnswer(f.id, a)}
              onNote={(n) => onNote(f.id, n)}
            />
          ))
        : null}
      {step === 'review' ? (
        <ReviewStep
          input={input}
          suggestions={suggestions}
          conflicts={conflicts}
          hasProfileIssues={issues.length > 0}
          onGoTo={(s) => void goTo(s)}
        />
      ) : null}
    </QuestionnaireFrame>
  );
}
