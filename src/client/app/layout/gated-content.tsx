import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MfaStatusSchema, type MfaStatus } from '@/contracts/mfa.ts';
import { checkResponse } from '@/client/lib/api-client.ts';
import { forgetPrefetched, hasPrefetched, peekArrived, takePrefetched } from '@/client/lib/prefetch.ts';
import { MFA_STATUS_QUERY_KEY, mfaStatusQueryOptions } from '@/client/features/mfa/api/get-mfa-status.ts';
import { MfaGate } from '@/client/features/mfa/components/mfa-gate.tsx';

/**
 * The gate's status query, answered by the request started with the session check when the page
 * was opened directly (ADR 126), if there is one: used once, and only here, where the session check
 * has found a user (this component is rendered only then), so a stale session hint's refused
 * request decides nothing. Without one, the gate's own query runs as it always has; when it
 * failed or is old, it is asked again.
 */
function useStatusStartedWithThePage(): void {
  const client = useQueryClient();
  useState(() => {
    const options = mfaStatusQueryOptions();
    const [path] = MFA_STATUS_QUERY_KEY;
    const ask = options.queryFn;
    if (typeof ask !== 'function' || !hasPrefetched(path) || client.getQueryState(options.queryKey)) return;
    // Already here: filed at once, so the gate opens in this render rather than after a "Checking" one.
    const arrived = peekArrived(path);
    if (arrived && MfaStatusSchema.safeParse(arrived.value).success) {
      forgetPrefetched(path);
      client.setQueryData(options.queryKey, arrived.value as MfaStatus);
      return;
    }
    void client.prefetchQuery({
      ...options,
      queryFn: async (context) => checkResponse(path, await takePrefetched(path, async () => ask(context)), MfaStatusSchema),
    });
  });
}

/** Everything signed-in content needs around it, loaded on demand: the MFA gate. */
export function GatedContent({ children }: { children: ReactNode }) {
  useStatusStartedWithThePage();
  return <MfaGate>{children}</MfaGate>;
}
