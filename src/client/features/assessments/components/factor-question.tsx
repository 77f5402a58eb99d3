import type { FactorAnswer, FactorDefinition } from '@/engine/factors.ts';
import type { FactorSuggestion } from '@/engine/suggest-factor-answers.ts';
import { cn } from '@/client/lib/utils.ts';

/**
 * One factor as a plain-English question: native radio buttons (arrow keys move between
 * options, Tab to the next question), help text and the evidence behind it.
 */
export function FactorQuestion({
  factor,
  answer,
  suggestion,
  onAnswer,
}: {
  factor: FactorDefinition;
  answer: FactorAnswer | undefined;
  suggestion: FactorSuggestion | undefined;
  onAnswer: (answer: FactorAnswer) => void;
}) {
  const isSuggested = answer === undefined && suggestion !== undefined;
  const shown = answer ?? suggestion?.suggestedAnswer;
  const helpId = `help-${factor.id}`;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-describedby={helpId}>
      <legend className="sr-only">{factor.question}</legend>
      <div aria-hidden="true" className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {factor.name}
      </div>
      <p aria-hidden="true" className="mb-1 text-base font-semibold text-slate-900">
        {factor.question}
      </p>
      <p id={helpId} className="mb-3 text-sm text-slate-700">
        {factor.helpText}
      </p>
      {isSuggested ? (
        <p className="mb-2 inline-flex rounded bg-blue-50 px-2 py-1 text-xs font-medium text-blue-900 ring-1 ring-blue-200">
          Suggested from your compliance answers ({suggestion.reasons.map((r) => r.note).join('; ')}). Change it if it is not right.
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-3">
        {factor.options.map((option) => {
          const id = `q-${factor.id}-${option.value}`;
          const checked = shown === option.value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
                checked ? (isSuggested ? 'border-blue-400 border-dashed bg-blue-50' : 'border-blue-700 bg-blue-50') : 'border-slate-300 bg-white hover:bg-slate-50',
              )}
            >
              <input
                id={id}
                type="radio"
                name={`factor-${factor.id}`}
                value={option.value}
                checked={checked}
                onChange={() => onAnswer(option.value)}
                className="mt-0.5 size-4 accent-blue-700"
              />
              <span className="text-slate-900">
                {option.label}
                {checked && isSuggested ? <span className="ml-1 text-xs font-semibold text-blue-900">(suggested)</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">Why this matters</summary>
        <p className="mt-1 text-slate-800">{factor.whyItMatters.text}</p>
        <p className="mt-1 text-xs text-slate-600">Source: {factor.whyItMatters.source}</p>
      </details>
    </fieldset>
  );
}
