import type { ReactNode } from 'react';
import { TooltipProvider } from '@/client/components/ui/tooltip.tsx';
import { MfaGate } from '@/client/features/mfa/components/mfa-gate.tsx';

/** Everything signed-in content needs around it, loaded on demand: tooltips and the MFA gate. */
export function GatedContent({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <MfaGate>{children}</MfaGate>
    </TooltipProvider>
  );
}
