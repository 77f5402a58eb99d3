import { cn } from '@/client/lib/utils.ts';
import type { AssessmentStep } from '@/contracts/assessments.ts';
import type { SaveStatus } from '../hooks/use-draft-autosave.ts';

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Saving…',
  saving: 'Saving…',
  offline: 'Saved on this device; will sync when the connection returns',
};

export interface StepProgressProps<S extends AssessmentStep> {
  steps: readonly S[];
  titles: Record<S, string>;
  step: S;
  status: SaveStatus;
  answeredText: string;
  onGoTo: (step: S) => void;
}

/** Where the user is in a multi-step questionnaire, the save status, and a jump to any step. */
export function StepProgress<S extends AssessmentStep>({ steps, titles, step, status, answeredText, onGoTo }: StepProgressProps<S>) {
  const index = steps.indexOf(step);
  return (
    <nav aria-label="Assessment progress" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="font-medium text-slate-900">
          Step {index + 1} of {steps.length}: {titles[step]}
        </p>
        <p className={cn('text-slate-700', status === 'offline' && 'font-medium text-amber-900')} role="status" aria-live="polite" data-testid="save-status">
          {SAVE_LABELS[status]} · {answeredText}
        </p>
      </div>
      <div role="progressbar" aria-label="Assessment progress" aria-valuemin={1} aria-valuemax={steps.length} aria-valuenow={index + 1} aria-valuetext={`Step ${index + 1} of ${steps.length}`} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-blue-700 transition-all" style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
      </div>
      <ol className="flex flex-wrap gap-2 text-xs">
        {steps.map((s, i) => (
          <li key={s}>
            <button
              type="button"
              onClick={() => onGoTo(s)}
              aria-current={s === step ? 'step' : undefined}
              className={cn(
                'rounded-full border px-3 py-1 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
                s === step ? 'border-blue-700 bg-blue-700 text-white' : i < index ? 'border-blue-300 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800',
              )}
            >
              {i + 1}. {titles[s]}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
