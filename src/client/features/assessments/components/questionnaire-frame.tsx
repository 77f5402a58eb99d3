import type { ReactNode, RefObject } from 'react';
import type { AssessmentStep } from '@/contracts/assessments.ts';
import type { SaveStatus } from '../hooks/use-draft-autosave.ts';
import { StepProgress } from './step-progress.tsx';

/**
 * What both questionnaires (business leader's and security lead's) share around a step: the step
 * progress with the save state, the step's heading (focused when the step changes) and intro,
 * then the step itself and the navigation below it.
 */
export function QuestionnaireFrame<S extends AssessmentStep>({
  steps,
  titles,
  step,
  status,
  answeredText,
  onGoTo,
  headingRef,
  intro,
  children,
  navigation,
}: {
  steps: readonly S[];
  titles: Record<S, string>;
  step: S;
  status: SaveStatus;
  answeredText: string;
  onGoTo: (step: S) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  intro: ReactNode;
  children: ReactNode;
  navigation: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <StepProgress steps={steps} titles={titles} step={step} status={status} answeredText={answeredText} onGoTo={onGoTo} />
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
