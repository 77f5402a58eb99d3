import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils.ts';

/**
 * A box that scrolls sideways on small screens (a wide table on a phone). It is focusable and
 * named, so keyboard users can scroll it and screen readers announce it (axe:
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('overflow-x-auto', className)} tabIndex={0} role="region" aria-label={`${label}, scrolls sideways on small screens`}>
      {children}
    </div>
  );
}
