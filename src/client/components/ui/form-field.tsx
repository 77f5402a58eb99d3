import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';
import { Label } from './label.tsx';

/**
 * Label + control + error, wired for assistive technology: the control gets its id from
 * `id`, `aria-invalid` and `aria-describedby` come from the caller via `errorId`.
 */
export function FormField({
  id,
  label,
  error,
  required = false,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-1.5', className)} data-slot="form-field">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props for the control inside a FormField so the error and hint are announced with it. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}
