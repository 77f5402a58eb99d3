import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

/** A page's title block and body width, the same on every signed-in page. */
export function Page({ title, description, actions, className, children }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8', className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
