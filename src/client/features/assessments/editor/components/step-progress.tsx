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
  /** When given, the bar measures the answers (the 10-minute path: it starts empty), not the steps. */
  answered?: { count: number; total: number };
  onGoTo: (step: S) => void;
}

function ProgressBar({ index, steps, answered }: { index: number; steps: number; answered: { count: number; total: number } | undefined }) {
  const bar = answered
    ? { min: 0, max: answered.total, now: answered.count, text: `${answered.count} of ${answered.total} questions answered`, share: answered.count / answered.total }
    : { min: 1, max: steps, now: index + 1, text: `Step ${index + 1} of ${steps}`, share: (index + 1) / steps };
  return (
    <div role="progressbar" aria-label="Assessment progress" aria-valuemin={bar.min} aria-valuemax={bar.max} aria-valuenow={bar.now} aria-valuetext={bar.text} className="h-2 overflow-hidden rounded-full bg-slate-200">
      <div className="h-full bg-blue-700 transition-all" style={{ width: `${bar.share * 100}%` }} />
    </div>
  );
}

/** Where the user is in a multi-step questionnaire, the save status, and a jump to any step. */
export function StepProgress<S extends AssessmentStep>({ steps, titles, step, status, answeredText, answered, onGoTo }: StepProgressProps<S>) {
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
      <ProgressBar index={index} steps={steps.length} answered={answered} />
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
