import { describe, expect, test } from 'vitest';
import { FACTOR_IDS } from '@/engine/factors.ts';
import { BUSINESS_QUESTIONS, BusinessAnswersSchema, findQuestionForFactor, mapBusinessAnswersToFactors } from './business-questions.ts';

describe('business-leader questions', () => {
  test('every one of the 19 factors is set by exactly one question, and every option sets all of its question’s factors', () => {
    const covered = BUSINESS_QUESTIONS.flatMap((q) => [...q.factorIds]);
    expect([...covered].sort()).toEqual([...FACTOR_IDS].sort());
    for (const q of BUSINESS_QUESTIONS) for (const o of q.options) expect(Object.keys(o.factors).sort()).toEqual([...q.factorIds].sort());
  });

  test('"I don\'t know" sets every factor of the question to unknown; other answers set their levels', () => {
    const factors = mapBusinessAnswersToFactors({ watching: 'unknown', phoneCode: 'everyone', software: 'none' });
    expect(factors).toEqual({ M6: 'unknown', M7: 'unknown', M9: 'unknown', A2: 'unknown', M3: 'best', M10: 'notApplicable' });
  });

  test('the schema refuses an option a question does not have, and unknown question ids', () => {
    expect(BusinessAnswersSchema.safeParse({ phoneCode: 'unknown' }).success).toBe(true);
    expect(BusinessAnswersSchema.safeParse({ phoneCode: 'maybe' }).success).toBe(false);
    expect(BusinessAnswersSchema.safeParse({ notAQuestion: 'unknown' }).success).toBe(false);
  });

  test('findQuestionForFactor names the question behind a factor', () => {
    expect(findQuestionForFactor('M3').id).toBe('phoneCode');
  });
});
