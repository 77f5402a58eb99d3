import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpsHealth } from '@/contracts/monitoring.ts';

const OPS_PATH = '/api/monitoring/ops';

function opsQueryOptions() {
  return queryOptions<OpsHealth>({ queryKey: [OPS_PATH], staleTime: 0, refetchInterval: 30_000 });
}

/** GET /api/monitoring/ops (administrators), refreshed every 30 seconds while the page is open. */
export function useOpsHealth(enabled: boolean) {
  return useQuery({ ...opsQueryOptions(), enabled });
}
