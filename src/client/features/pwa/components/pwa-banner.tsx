import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

/** The frame the install and update banners share: an icon, a titled region, its text and buttons; `className` sets the border and room for a close button. */
export function PwaBanner({ icon: Icon, title, testId, className, children, corner }: { icon: LucideIcon; title: string; testId: string; className: string; children: ReactNode; corner?: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('flex items-start gap-3 rounded-lg border bg-white p-4 shadow-lg', className)} data-testid={testId}>
      <Icon className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
      {corner}
    </section>
  );
}
