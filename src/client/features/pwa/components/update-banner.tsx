import { RefreshCw } from 'lucide-react';
import { Button } from '@/client/components/ui/button.tsx';
import { PwaBanner } from './pwa-banner.tsx';

/** Spec sections 2, 4: 'Update Available' with 'Update Now' (SKIP_WAITING, then reload). */
export function UpdateBanner({ onUpdate }: { onUpdate: () => void }) {
  return (
    <PwaBanner icon={RefreshCw} title="Update Available" testId="update-banner" className="border-blue-200">
      <p className="text-sm text-slate-700">A new version of CIFER is ready. Update to use it; your saved work stays.</p>
      <Button size="sm" className="self-start" onClick={onUpdate}>
        Update Now
      </Button>
    </PwaBanner>
  );
}
