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

/**
 * One band of the landing page: the full-width section, the centred column and its heading, so each
 * section only says what it shows.
 */
export function LandingSection({
  headingId,
  eyebrow,
  title,
  intro,
  className,
  sectionId,
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  /** The band's background and spacing, e.g. 'bg-white py-16'. */
  className: string;
  sectionId?: string;
  children: ReactNode;
}) {
  return (
    <section id={sectionId} aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title}>
          {intro}
        </SectionHeading>
        {children}
      </div>
    </section>
  );
}
