import type { ReactNode } from 'react';
import { MfaGate } from '@/client/features/mfa/components/mfa-gate.tsx';

/** Everything signed-in content needs around it, loaded on demand: the MFA gate. */
export function GatedContent({ children }: { children: ReactNode }) {
  return <MfaGate>{children}</MfaGate>;
}
