import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

/** The X in the top corner of a dialog or sheet (both are Radix dialogs). */
function DialogCloseButton() {
  return (
    <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
      <X className="size-4" aria-hidden="true" />
      <span className="sr-only">Close</span>
    </DialogPrimitive.Close>
  );
}

/** The two shapes of a Radix dialog: centred (a dialog) and sliding in from a side (a sheet: the small-screen navigation menu). */
const FRAMES = {
  dialog: {
    overlay: 'data-[state=open]:animate-in',
    content:
      'top-1/2 left-1/2 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 text-slate-900',
  },
  sheet: { overlay: '', content: 'inset-y-0 flex h-full w-3/4 max-w-sm flex-col transition-transform' },
} as const;

/** A dialog's frame: the dimmed overlay, the content and the X that closes it. */
export function ModalFrame({
  frame,
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { frame: keyof typeof FRAMES }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/60', FRAMES[frame].overlay)} />
      <DialogPrimitive.Content
        data-slot={`${frame}-content`}
        className={cn('fixed z-50 gap-4 bg-white p-6 shadow-xl', FRAMES[frame].content, className)}
        {...props}
      >
        {children}
        <DialogCloseButton />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return <ModalFrame frame="dialog" {...props} />;
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-none font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-600', className)} {...props} />;
}
