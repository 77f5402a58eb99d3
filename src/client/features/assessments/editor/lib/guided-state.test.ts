import { describe, expect, test } from 'vitest';
import { guidedReducer, initialGuidedState, type GuidedState } from './guided-state.ts';

const start: GuidedState = { input: {}, step: 'profile', evidenceNotes: {} };

describe('guidedReducer', () => {
  test('an answer is stored (re-selecting the same answer keeps it) and counts as answered', () => {
    const once = guidedReducer(start, { type: 'answer', factorId: 'A4', answer: 'partial' });
    const twice = guidedReducer(once, { type: 'answer', factorId: 'A4', answer: 'partial' });
    expect(twice.input.factors).toEqual({ A4: 'partial' });
  });

  test('an evidence note is kept, and an emptied note is removed', () => {
    const noted = guidedReducer(start, { type: 'note', factorId: 'M3', note: 'Policy in the wiki' });
    expect(noted.evidenceNotes).toEqual({ M3: 'Policy in the wiki' });
    expect(guidedReducer(noted, { type: 'note', factorId: 'M3', note: '  ' }).evidenceNotes).toEqual({});
  });

  test('frameworks and organisation replace their part of the input; steps move', () => {
    const s = guidedReducer(guidedReducer(start, { type: 'organisation', organisation: { employees: 10 } }), { type: 'frameworks', frameworks: { hipaa: { status: 'compliant' } } });
    expect(s.input).toEqual({ organisation: { employees: 10 }, frameworks: { hipaa: { status: 'compliant' } } });
    expect(guidedReducer(s, { type: 'step', step: 'review' }).step).toBe('review');
  });
});

describe('initialGuidedState', () => {
  const server = { input: { organisation: { employees: 40 } }, currentStep: 'protection', evidenceNotes: { M3: 'server note' }, updatedAt: '2026-01-10T12:00:00.000Z' } as const;
  const newer = Date.parse(server.updatedAt) + 1000;

  test('a dirty browser copy newer than the server draft wins, with its step and notes', () => {
    const local = { input: { organisation: { employees: 41 } }, step: 'governance', evidenceNotes: { M3: 'local note' }, savedAt: newer, isDirty: true } as const;
    expect(initialGuidedState(server, local)).toEqual({ state: { input: local.input, step: 'governance', evidenceNotes: local.evidenceNotes }, isDirty: true });
  });

  test('a browser copy without notes keeps the server notes', () => {
    const local = { input: {}, step: 'people', savedAt: newer, isDirty: true } as const;
    expect(initialGuidedState(server, local).state.evidenceNotes).toEqual(server.evidenceNotes);
  });

  test('an older or acknowledged browser copy is ignored: the server draft resumes at its step', () => {
    const expected = { state: { input: server.input, step: 'protection', evidenceNotes: server.evidenceNotes }, isDirty: false };
    expect(initialGuidedState(server, { input: {}, step: 'review', savedAt: newer - 2000, isDirty: true })).toEqual(expected);
    expect(initialGuidedState(server, { input: {}, step: 'review', savedAt: newer, isDirty: false })).toEqual(expected);
    expect(initialGuidedState(server, null)).toEqual(expected);
  });

  test("a step of the business leader's path, or none, starts at the profile", () => {
    expect(initialGuidedState({ ...server, currentStep: 'businessQuestions' }, null).state.step).toBe('profile');
    expect(initialGuidedState({ ...server, currentStep: null }, null).state.step).toBe('profile');
  });
});
