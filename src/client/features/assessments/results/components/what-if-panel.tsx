import { memo } from 'react';
import { FACTOR_GROUPS, FACTORS, type FactorAnswer, type FactorDefinition, type FactorId } from '@/engine/factors.ts';
import { cn } from '@/client/lib/utils.ts';

/**
 * One factor's select. Memoised: a change re-renders only the select that changed, inside the
 * change event's own render, where every millisecond delays the headline's frame (ADR 315).
 * `onChange` must be stable for that.
 */
const WhatIfSelect = memo(function WhatIfSelect({
  factor,
  value,
  isChanged,
  onChange,
}: {
  factor: FactorDefinition;
  value: FactorAnswer;
  isChanged: boolean;
  onChange: (id: FactorId, answer: FactorAnswer) => void;
}) {
  const id = `whatif-${factor.id}`;
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {factor.name}
        {isChanged ? <span className="ml-2 rounded bg-blue-100 px-1.5 text-xs font-semibold text-blue-900">changed</span> : null}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(factor.id, e.target.value as FactorAnswer)}
        className={cn(
          'h-9 w-full min-w-0 truncate rounded-md border bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
          isChanged ? 'border-blue-600' : 'border-slate-300',
        )}
      >
        {factor.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <option value="unknown">I don't know</option>
      </select>
    </div>
  );
});

/** One select per factor: changing any of them recomputes every number on the page. */
export function WhatIfPanel({
  answers,
  savedAnswers,
  onChange,
}: {
  answers: { readonly [F in FactorId]?: FactorAnswer };
  savedAnswers: { readonly [F in FactorId]?: FactorAnswer };
  onChange: (id: FactorId, answer: FactorAnswer) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {FACTOR_GROUPS.map((group) => (
        <fieldset key={group.id} className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold tracking-wide text-slate-700 uppercase">{group.label}</legend>
          {FACTORS.filter((f) => f.group === group.id).map((f) => {
            const value = answers[f.id] ?? 'partial';
            return <WhatIfSelect key={f.id} factor={f} value={value} isChanged={value !== (savedAnswers[f.id] ?? 'partial')} onChange={onChange} />;
          })}
        </fieldset>
      ))}
    </div>
  );
}
