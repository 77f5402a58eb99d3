import { ASSESSMENT_STEPS, type AssessmentStep } from '@/contracts/assessments.ts';
import { FACTOR_GROUPS } from '@/engine/factors.ts';

/** The guided (security lead's) path: profile → frameworks → the five factor groups → review. */
export type GuidedStep = (typeof ASSESSMENT_STEPS)[number];
type FactorStep = (typeof FACTOR_GROUPS)[number]['id'];

export const STEP_TITLES: Record<GuidedStep, string> = {
  profile: 'Your organisation',
  frameworks: 'Compliance frameworks',
  people: 'People',
  protection: 'Protection',
  detectionAndResponse: 'Detection & response',
  governance: 'Governance',
  exposure: 'Exposure',
  review: 'Review',
};

export const STEP_INTROS: Record<GuidedStep, string> = {
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

export function isGuidedStep(step: AssessmentStep): step is GuidedStep {
  return (ASSESSMENT_STEPS as readonly string[]).includes(step);
}

export function isFactorStep(step: AssessmentStep): step is FactorStep {
  return FACTOR_GROUPS.some((g) => g.id === step);
}

function indexOfStep(step: AssessmentStep): number {
  return ASSESSMENT_STEPS.indexOf(step as GuidedStep);
}

export function isFirstStep(step: AssessmentStep): boolean {
  return indexOfStep(step) === 0;
}

/** Where "Back" goes (the profile when there is nothing before). */
export function previousStep(step: AssessmentStep): GuidedStep {
  return ASSESSMENT_STEPS[indexOfStep(step) - 1] ?? 'profile';
}

/** Where "Next" goes (the review when there is nothing after). */
export function nextStep(step: AssessmentStep): GuidedStep {
  return ASSESSMENT_STEPS[indexOfStep(step) + 1] ?? 'review';
}

/** Moving on from the profile needs a valid profile; going back to it, or staying, does not. */
export function leavesProfileForward(step: AssessmentStep, target: AssessmentStep): boolean {
  return step === 'profile' && indexOfStep(target) > indexOfStep(step);
}
