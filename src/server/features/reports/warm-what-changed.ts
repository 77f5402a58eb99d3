import type { Database } from '../../db/client.ts';
import { loadWhatChanged, requireCompleted } from './load-report.ts';
import type { WhatChangedCache } from './what-changed-cache.ts';

/**
 * Computes and caches the what-changed waterfall of a newly completed assessment against the
 * organisation's previous one (ADR 127), so the report that is usually opened next starts warm.
 * A request that arrives while it runs shares the computation (the cache keeps it in flight).
 */
/** Resolves to whether there was a previous assessment to compare with. */
export async function warmWhatChanged(options: { db: Database; whatChangedCache: WhatChangedCache; organizationId: string; assessmentId: string }): Promise<boolean> {
  const { db, whatChangedCache, organizationId, assessmentId } = options;
  const current = await requireCompleted(db, organizationId, assessmentId);
  return (await loadWhatChanged(db, whatChangedCache, organizationId, current, undefined)) !== null;
}
