import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
  inverted = false,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
  inverted?: boolean;
}) {
  return (
    <div className={cn('mx-auto max-w-3xl text-center', className)}>
      {eyebrow ? (
        <p className={cn('text-sm font-semibold tracking-wide uppercase', inverted ? 'text-blue-200' : 'text-blue-800')}>{eyebrow}</p>
      ) : null}
      <h2 id={id} className={cn('mt-2 text-3xl font-bold tracking-tight sm:text-4xl', inverted ? 'text-white' : 'text-slate-900')}>
        {title}
      </h2>
      {children ? <p className={cn('mt-4 text-lg', inverted ? 'text-slate-200' : 'text-slate-700')}>{children}</p> : null}
    </div>
  );
}
