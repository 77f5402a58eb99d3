import type { MonitoringTrend } from '@/contracts/monitoring.ts';
import type { Database } from '../../db/client.ts';
import { listCompletedHeadlines } from '../../db/repositories/assessments.ts';
import { buildTrend } from './build-trend.ts';

/** GET /api/monitoring/trend: the organisation's completed assessments over time and what changed between them. */
export async function readTrend(options: { db: Database; organizationId: string }): Promise<MonitoringTrend> {
  return buildTrend(await listCompletedHeadlines(options.db, options.organizationId));
}
