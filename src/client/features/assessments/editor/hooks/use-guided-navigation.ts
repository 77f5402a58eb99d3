import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { AssessmentStep } from '@/contracts/assessments.ts';
import type { GuidedAction } from '../lib/guided-state.ts';
import { leavesProfileForward } from '../lib/guided-steps.ts';

/**
 * Moving between the guided flow's steps: the profile step registers its validator and is only
 * left forward when it is valid; each new step scrolls to the top and its heading takes the focus
 * (not on the first render, so opening the assessment does not move the focus).
 */
export function useGuidedNavigation(step: AssessmentStep, dispatch: Dispatch<GuidedAction>) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const validator = useRef<(() => Promise<boolean>) | null>(null);
  const isFirstRender = useRef(true);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const registerValidator = useCallback((validate: () => Promise<boolean>) => {
    validator.current = validate;
  }, []);

  const goTo = async (target: AssessmentStep) => {
    if (leavesProfileForward(step, target) && validator.current && !(await validator.current())) return;
    validator.current = null;
    dispatch({ type: 'step', step: target });
    window.scrollTo({ top: 0 });
  };

  return { headingRef, registerValidator, goTo };
}
