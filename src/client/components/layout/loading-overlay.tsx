import { Loader2 } from 'lucide-react';

/** Full-screen spinner shown while the app or a lazy page loads. */
export function LoadingOverlay({ message = 'Loading application...' }: { message?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-[150] flex flex-col items-center justify-center gap-3 bg-white/95 text-slate-900">
      <Loader2 className="size-10 animate-spin text-blue-700" aria-hidden="true" />
      <p className="text-lg font-semibold">{message}</p>
      <p className="text-sm text-slate-600">Please wait while we prepare your experience</p>
    </div>
  );
}

/** The inline variant used inside a page region (no overlay). */
export function LoadingState({ message }: { message: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-700">
      <Loader2 className="size-8 animate-spin text-blue-700" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
