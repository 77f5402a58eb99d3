import { describe, expect, test } from 'vitest';
import { guidedReducer, type GuidedState } from './guided-state.ts';

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
