import { WifiOff } from 'lucide-react';

/** Spec section 4: the exact connectivity text. */
const OFFLINE_MESSAGE = "You're offline. Data will sync when connection is restored.";

export function OfflineBanner() {
  return (
    <div role="status" className="flex items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 shadow-lg" data-testid="offline-banner">
      <WifiOff className="size-5 shrink-0" aria-hidden="true" />
      <p>{OFFLINE_MESSAGE}</p>
    </div>
  );
}
