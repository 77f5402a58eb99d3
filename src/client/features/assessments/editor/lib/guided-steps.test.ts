import { describe, expect, test } from 'vitest';
import { isFactorStep, isFirstStep, isGuidedStep, leavesProfileForward, nextStep, previousStep } from './guided-steps.ts';

describe('guided steps', () => {
  test('Back and Next walk the path and stop at its ends', () => {
    expect(previousStep('frameworks')).toBe('profile');
    expect(previousStep('profile')).toBe('profile');
    expect(nextStep('profile')).toBe('frameworks');
    expect(nextStep('exposure')).toBe('review');
    expect(nextStep('review')).toBe('review');
    expect(isFirstStep('profile')).toBe(true);
    expect(isFirstStep('review')).toBe(false);
  });

  test('only moving forward from the profile asks for a valid profile', () => {
    expect(leavesProfileForward('profile', 'frameworks')).toBe(true);
    expect(leavesProfileForward('profile', 'review')).toBe(true);
    expect(leavesProfileForward('profile', 'profile')).toBe(false);
    expect(leavesProfileForward('people', 'review')).toBe(false);
    expect(leavesProfileForward('review', 'profile')).toBe(false);
  });

  test('the factor groups are steps of this path; the business questions are not', () => {
    expect(isFactorStep('detectionAndResponse')).toBe(true);
    expect(isFactorStep('frameworks')).toBe(false);
    expect(isGuidedStep('review')).toBe(true);
    expect(isGuidedStep('businessQuestions')).toBe(false);
  });
});
