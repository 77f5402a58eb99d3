import { Download, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button.tsx';

/** Spec section 4: the iOS steps, in order. */
export const IOS_INSTALL_STEPS = ['Tap Share in Safari', "Tap 'Add to Home Screen'", "Tap 'Add'"] as const;

/**
 * Spec sections 2, 4: offered when the browser has an install prompt (or, on iOS Safari, as
 * the manual steps). 'Later' and the close button both dismiss it for good.
 */
export function InstallBanner({ mode, onInstall, onDismiss }: { mode: 'prompt' | 'ios'; onInstall: () => void; onDismiss: () => void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="relative flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 pr-12 shadow-lg" data-testid="install-banner">
      <Download className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-2">
        <h2 id={titleId} className="text-sm font-semibold text-slate-900">
          Install CIFER
        </h2>
        <p className="text-sm text-slate-700">Add CIFER to your home screen: it opens like an app and keeps working on assessments without a connection.</p>
        {mode === 'ios' ? (
          <ol className="list-decimal pl-5 text-sm text-slate-800">
            {IOS_INSTALL_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {mode === 'prompt' ? (
            <Button size="sm" onClick={onInstall}>
              Install
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={onDismiss}>
            Later
          </Button>
        </div>
      </div>
      <Button size="icon" variant="ghost" className="absolute top-2 right-2 size-8" aria-label="Close" onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
