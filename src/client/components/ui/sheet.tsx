import * as SheetPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils.ts';
import { ModalFrame } from './dialog.tsx';

/** A dialog that slides in from the side: the small-screen navigation menu. */
export const Sheet = SheetPrimitive.Root;

export function SheetContent({
  className,
  side = 'left',
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right' }) {
  return <ModalFrame frame="sheet" className={cn(side === 'left' ? 'left-0 border-r' : 'right-0 border-l', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
