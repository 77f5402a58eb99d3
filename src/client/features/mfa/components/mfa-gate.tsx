import type { ReactNode } from 'react';

/**
 * Placeholder until mandatory two-factor authentication lands: passes content through.
 * The MFA feature replaces it with the gate of spec section 2.
 */
export function MfaGate({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
