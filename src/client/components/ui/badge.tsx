import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils.ts';

const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-blue-700 text-white',
      secondary: 'border-transparent bg-slate-100 text-slate-900',
      success: 'border-transparent bg-green-700 text-white',
      destructive: 'border-transparent bg-red-700 text-white',
      warning: 'border-transparent bg-amber-200 text-amber-950',
      outline: 'border-slate-300 text-slate-900',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
