import type { Assessment, AssessmentStep, DraftRiskInput, EvidenceNotes } from '@/contracts/assessments.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import { setFactorAnswer, type LocalDraft } from '../../shared/lib/draft-input.ts';
import { isGuidedStep } from './guided-steps.ts';

/** Everything the guided (commercial) flow edits. */
export interface GuidedState {
  input: DraftRiskInput;
  step: AssessmentStep;
  evidenceNotes: EvidenceNotes;
}

export type GuidedAction =
  | { type: 'organisation'; organisation: DraftRiskInput['organisation'] }
  | { type: 'frameworks'; frameworks: DraftRiskInput['frameworks'] }
  | { type: 'answer'; factorId: FactorId; answer: FactorAnswer }
  | { type: 'note'; factorId: FactorId; note: string }
  | { type: 'step'; step: AssessmentStep };

/** The guided flow's state transitions: pure, so each rule is tested without rendering. */
export function guidedReducer(state: GuidedState, action: GuidedAction): GuidedState {
  switch (action.type) {
    case 'organisation':
      return { ...state, input: { ...state.input, organisation: action.organisation } };
    case 'frameworks':
      return action.frameworks ? { ...state, input: { ...state.input, frameworks: action.frameworks } } : state;
    case 'answer':
      return { ...state, input: setFactorAnswer(state.input, action.factorId, action.answer) };
    case 'note': {
      const evidenceNotes = { ...state.evidenceNotes };
      if (action.note.trim() === '') delete evidenceNotes[action.factorId];
      else evidenceNotes[action.factorId] = action.note;
      return { ...state, evidenceNotes };
    }
    case 'step':
      return { ...state, step: action.step };
  }
}

/**
 * Where the guided flow starts: the browser copy when it holds changes newer than the server's
 * draft (a reload or a dropped connection loses nothing), else the server's draft at the step the
 * user was on (the profile when that step is not one of this path's).
 */
export function initialGuidedState(
  assessment: Pick<Assessment, 'input' | 'currentStep' | 'evidenceNotes' | 'updatedAt'>,
  local: LocalDraft | null,
): { state: GuidedState; isDirty: boolean } {
  if (local && local.isDirty && local.savedAt > Date.parse(assessment.updatedAt)) {
    return {
      state: { input: local.input, step: local.step, evidenceNotes: local.evidenceNotes ?? assessment.evidenceNotes },
      isDirty: true,
    };
  }
  const step = assessment.currentStep && isGuidedStep(assessment.currentStep) ? assessment.currentStep : 'profile';
  return { state: { input: assessment.input, step, evidenceNotes: assessment.evidenceNotes }, isDirty: false };
}
