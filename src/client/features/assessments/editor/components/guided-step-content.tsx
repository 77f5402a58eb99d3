import { useCallback, type Dispatch } from 'react';
import type { AnswerProvenance, AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import type { FactorAnswerConflict, FactorSuggestion } from '@/engine/suggest-factor-answers.ts';
import type { GuidedAction, GuidedState } from '../lib/guided-state.ts';
import { isFactorStep } from '../lib/guided-steps.ts';
import { FactorQuestion } from './factor-question.tsx';
import { FrameworksStep } from './frameworks-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { ReviewStep } from './review-step.tsx';

/** The body of the guided flow's current step; every edit goes to the flow's reducer. */
export function GuidedStepContent({
  state,
  provenance,
  suggestions,
  conflicts,
  hasProfileIssues,
  dispatch,
  registerValidator,
  onGoTo,
}: {
  state: GuidedState;
  provenance: AnswerProvenance;
  suggestions: ReadonlyMap<FactorId, FactorSuggestion>;
  conflicts: readonly FactorAnswerConflict[];
  hasProfileIssues: boolean;
  dispatch: Dispatch<GuidedAction>;
  registerValidator: (validate: () => Promise<boolean>) => void;
  onGoTo: (step: AssessmentStep) => void;
}) {
  const { input, step, evidenceNotes } = state;
  // Stable callbacks: the profile and frameworks steps report their changes from effects.
  const onOrganisation = useCallback((organisation: DraftRiskInput['organisation']) => dispatch({ type: 'organisation', organisation }), [dispatch]);
  const onFrameworks = useCallback((frameworks: DraftRiskInput['frameworks']) => dispatch({ type: 'frameworks', frameworks }), [dispatch]);
  const onAnswer = useCallback((factorId: FactorId, answer: FactorAnswer) => dispatch({ type: 'answer', factorId, answer }), [dispatch]);
  const onNote = useCallback((factorId: FactorId, note: string) => dispatch({ type: 'note', factorId, note }), [dispatch]);

  return (
    <>
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
              provenance={provenance[f.id]}
              onAnswer={(a) => onAnswer(f.id, a)}
              onNote={(n) => onNote(f.id, n)}
            />
          ))
        : null}
      {step === 'review' ? <ReviewStep input={input} suggestions={suggestions} conflicts={conflicts} hasProfileIssues={hasProfileIssues} onGoTo={onGoTo} /> : null}
    </>
  );
}
