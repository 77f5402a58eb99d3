import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

/** One answer of a question as a card around its native radio (both questionnaires); the whole card is the label. */
export function AnswerOption({ id, isChecked, label, children }: { id: string; isChecked: boolean; label: ReactNode; children: ReactNode }) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
        isChecked ? 'border-blue-700 bg-blue-50' : 'border-slate-300 bg-white hover:bg-slate-50',
      )}
    >
      {children}
      <span className="min-w-0 text-slate-900">{label}</span>
    </label>
  );
}

/** The classes of the radio inside an `AnswerOption`. */
export const ANSWER_RADIO_CLASS = 'mt-0.5 size-4 shrink-0 accent-blue-700';
