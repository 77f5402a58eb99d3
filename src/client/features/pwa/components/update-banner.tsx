import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button.tsx';

/** Spec sections 2, 4: 'Update Available' with 'Update Now' (SKIP_WAITING, then reload). */
export function UpdateBanner({ onUpdate }: { onUpdate: () => void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex items-start gap-3 rounded-lg border border-blue-200 bg-white p-4 shadow-lg" data-testid="update-banner">
      <RefreshCw className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          Update Available
        </h2>
        <p className="text-sm text-slate-700">A new version of CIFER is ready. Update to use it; your saved work stays.</p>
        <Button size="sm" className="self-start" onClick={onUpdate}>
          Update Now
        </Button>
      </div>
    </section>
  );
}
