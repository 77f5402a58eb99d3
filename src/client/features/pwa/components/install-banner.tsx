import { Download, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button.tsx';
import { PwaBanner } from './pwa-banner.tsx';

/** Spec section 4: the iOS steps, in order. */
export const IOS_INSTALL_STEPS = ['Tap Share in Safari', "Tap 'Add to Home Screen'", "Tap 'Add'"] as const;

/**
 * Spec sections 2, 4: offered when the browser has an install prompt (or, on iOS Safari, as
 * the manual steps). 'Later' and the close button both dismiss it for good.
 */
export function InstallBanner({ mode, onInstall, onDismiss }: { mode: 'prompt' | 'ios'; onInstall: () => void; onDismiss: () => void }) {
  const close = (
    <Button size="icon" variant="ghost" className="absolute top-2 right-2 size-8" aria-label="Close" onClick={onDismiss}>
      <X aria-hidden="true" />
    </Button>
  );
  return (
    <PwaBanner icon={Download} title="Install CIFER" testId="install-banner" className="relative border-slate-200 pr-12" corner={close}>
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
    </PwaBanner>
  );
}
