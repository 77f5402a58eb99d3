import type { AssessmentStep, DraftRiskInput, EvidenceNotes } from '@/contracts/assessments.ts';
import type { FactorAnswer, FactorId } from '@/engine/factors.ts';
import { setFactorAnswer } from './draft-input.ts';

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
