import { useMemo, useReducer, useState } from 'react';
import { ASSESSMENT_STEPS, type Assessment, type AssessmentStep } from '@/contracts/assessments.ts';
import { FACTORS } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { findFactorAnswerConflicts } from '@/engine/suggest-factor-answers.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useGuidedCompletion } from '../hooks/use-guided-completion.ts';
import { useGuidedNavigation } from '../hooks/use-guided-navigation.ts';
import { computeSuggestions, countAnswered, readLocalDraft, toCompleteInput } from '../../shared/lib/draft-input.ts';
import { guidedReducer, initialGuidedState } from '../lib/guided-state.ts';
import { STEP_INTROS, STEP_TITLES, type GuidedStep } from '../lib/guided-steps.ts';
import { GuidedNavigation } from './guided-navigation.tsx';
import { GuidedStepContent } from './guided-step-content.tsx';
import { QuestionnaireFrame } from './questionnaire-frame.tsx';

/**
 * The commercial (security lead's) path: profile → frameworks → the 19 factors in five groups →
 * review. The draft autosaves to the server and the browser and resumes at the step the user was
 * on; completing sends the answers on screen, so the result never depends on an earlier autosave.
 * The state is one reducer (lib/guided-state.ts); navigation and completion are hooks, each step
 * its own component.
 */
/** What both paths' questionnaires take: the draft, and where a completion goes. */
export interface AssessmentPathProps {
  assessment: Assessment;
  onCompleted: (completed: Assessment) => void;
  /** With no connection: the completion is queued and the results are computed on this device (ADRs 162, 238). */
  onCompletedOnDevice?: (input: RiskInput) => void;
}

export function GuidedAssessment({ assessment, onCompleted, onCompletedOnDevice }: AssessmentPathProps) {
  const [initial] = useState(() => initialGuidedState(assessment, readLocalDraft(assessment.id)));
  const [state, dispatch] = useReducer(guidedReducer, initial.state);
  const { input, step, evidenceNotes } = state;
  const snapshot = useMemo(
    () => ({ input, step, evidenceNotes, businessAnswers: assessment.businessAnswers }),
    [input, step, evidenceNotes, assessment.businessAnswers],
  );
  const autosave = useDraftAutosave(assessment.id, snapshot, initial.isDirty);
  const navigation = useGuidedNavigation(step, dispatch);
  const suggestions = useMemo(() => computeSuggestions(input), [input]);
  const { input: completeInput, issues } = toCompleteInput(input);
  const conflicts = completeInput ? findFactorAnswerConflicts(completeInput.factors, [...suggestions.values()]) : [];
  const completion = useGuidedCompletion({ assessmentId: assessment.id, state, completeInput, stopAutosave: autosave.stop, onCompleted, onCompletedOnDevice });
  const goTo = (target: AssessmentStep) => void navigation.goTo(target);

  const current = step as GuidedStep;
  return (
    <QuestionnaireFrame
      steps={ASSESSMENT_STEPS}
      titles={STEP_TITLES}
      step={current}
      status={autosave.status}
      answeredText={`${countAnswered(input)} of ${FACTORS.length} questions answered`}
      onGoTo={goTo}
      headingRef={navigation.headingRef}
      intro={STEP_INTROS[current]}
      navigation={
        <GuidedNavigation
          step={step}
          canCalculate={completeInput !== null}
          isCalculating={completion.isCalculating}
          onGoTo={goTo}
          onCalculate={() => void completion.calculate()}
        />
      }
    >
      <GuidedStepContent
        state={state}
        provenance={assessment.answerProvenance}
        suggestions={suggestions}
        conflicts={conflicts}
        hasProfileIssues={issues.length > 0}
        dispatch={dispatch}
        registerValidator={navigation.registerValidator}
        onGoTo={goTo}
      />
    </QuestionnaireFrame>
  );
}
