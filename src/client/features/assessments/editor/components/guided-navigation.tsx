import { Button } from '@/client/components/ui/button.tsx';
import type { AssessmentStep } from '@/contracts/assessments.ts';
import { isFirstStep, nextStep, previousStep, STEP_TITLES } from '../lib/guided-steps.ts';

/** Back, and Next (named after the next step) or, on the review, "Calculate my results". */
export function GuidedNavigation({
  step,
  canCalculate,
  isCalculating,
  onGoTo,
  onCalculate,
}: {
  step: AssessmentStep;
  canCalculate: boolean;
  isCalculating: boolean;
  onGoTo: (step: AssessmentStep) => void;
  onCalculate: () => void;
}) {
  return (
    <>
      <Button type="button" variant="outline" disabled={isFirstStep(step)} onClick={() => onGoTo(previousStep(step))}>
        Back
      </Button>
      {step === 'review' ? (
        <Button type="button" size="lg" disabled={!canCalculate || isCalculating} onClick={onCalculate}>
          {isCalculating ? 'Calculating…' : 'Calculate my results'}
        </Button>
      ) : (
        <Button type="button" onClick={() => onGoTo(nextStep(step))}>
          Next: {STEP_TITLES[nextStep(step)]}
        </Button>
      )}
    </>
  );
}
