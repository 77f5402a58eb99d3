import { Check } from 'lucide-react';
import type { Plan, PlanId } from '@/contracts/billing.ts';
import { cn } from '@/client/lib/utils.ts';
import { formatUsd } from '../lib/checkout-draft.ts';

/** The plans as a radio group of cards (keyboard: arrows move between them, as native radios do). */
export function PlanCards({ plans, selected, onSelect }: { plans: Plan[]; selected: PlanId | null; onSelect?: (plan: PlanId) => void }) {
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="sr-only">Choose a plan</legend>
      {plans.map((plan) => {
        const isSelected = selected === plan.id;
        return (
          <label
            key={plan.id}
            className={cn(
              'relative flex cursor-pointer flex-col gap-3 rounded-xl border-2 bg-white p-6 shadow-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
              isSelected ? 'border-blue-700' : 'border-slate-200 hover:border-slate-400',
              !onSelect && 'cursor-default',
            )}
            data-testid={`plan-${plan.id}`}
          >
            {onSelect ? (
              <input type="radio" name="plan" value={plan.id} checked={isSelected} onChange={() => onSelect(plan.id)} className="sr-only" />
            ) : null}
            <span className="text-lg font-semibold text-slate-900">{plan.name}</span>
            <span className="text-3xl font-bold text-slate-900">
              {formatUsd(plan.priceUsd)}
              <span className="text-base font-medium text-slate-600">/{plan.interval}</span>
            </span>
            <span className="text-sm text-slate-700">{plan.summary}</span>
            <ul className="grid gap-2 text-sm text-slate-800">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            {isSelected && onSelect ? (
              <span className="absolute top-4 right-4 rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white">Selected</span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
