import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonitoringTrend } from '@/contracts/monitoring.ts';

export const TREND_PATH = '/api/monitoring/trend';

function trendQueryOptions() {
  return queryOptions<MonitoringTrend>({ queryKey: [TREND_PATH], staleTime: 0 });
}

/** GET /api/monitoring/trend: the completed assessments over time and what changed between them. */
export function useTrend() {
  return useQuery(trendQueryOptions());
}
