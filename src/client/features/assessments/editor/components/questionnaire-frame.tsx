import type { ReactNode, RefObject } from 'react';
import type { AssessmentStep } from '@/contracts/assessments.ts';
import { StepProgress, type StepProgressProps } from './step-progress.tsx';

/**
 * What both questionnaires (business leader's and security lead's) share around a step: the step
 * progress with the save state, the step's heading (focused when the step changes) and intro,
 * then the step itself and the navigation below it.
 */
export function QuestionnaireFrame<S extends AssessmentStep>({
  headingRef,
  intro,
  children,
  navigation,
  ...progress
}: StepProgressProps<S> & {
  headingRef: RefObject<HTMLHeadingElement | null>;
  intro: ReactNode;
  children: ReactNode;
  navigation: ReactNode;
}) {
  const { titles, step } = progress;
  return (
    <div className="flex flex-col gap-6">
      <StepProgress {...progress} />
      <section aria-labelledby="step-title" className="flex flex-col gap-4">
        <div>
          <h2 id="step-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
            {titles[step]}
          </h2>
          <p className="text-slate-700">{intro}</p>
        </div>
        {children}
      </section>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">{navigation}</div>
    </div>
  );
}
