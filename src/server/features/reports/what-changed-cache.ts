import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import type { WhatChanged } from '@/reports/what-changed.ts';

/** Waterfalls kept per server process (each a few KB); the least recently used goes first. */
export const WHAT_CHANGED_CACHE_ENTRIES = 500;

/** One stored assessment as far as the cache key needs it. */
export interface CachedAssessmentVersion {
  readonly id: string;
  /** ISO 8601, as the assessment record holds it. */
  readonly updatedAt: string;
}

/**
 * The what-changed waterfall of a pair of completed assessments (ADR 125). It re-runs the engine
 * four times, but its inputs never change once both are completed, so it is kept per
 * (organisation, current assessment and version, previous assessment and version, engine
 * version). The organisation is part of the key and the caller looks both assessments up scoped
 * to the organisation first, so a hit never crosses organisations; a deleted or newly completed
 * assessment changes which pair is asked for, so a stale pair is simply never asked again. A
 * computation under way is shared by the requests that ask meanwhile; a failed one is not kept.
 */
interface CacheEntry {
  readonly promise: Promise<WhatChanged>;
  /** Set once the computation has succeeded. */
  value?: WhatChanged;
}

export class WhatChangedCache {
  private readonly entries = new Map<string, CacheEntry>();
  private computed = 0;

  constructor(
    private readonly capacity = WHAT_CHANGED_CACHE_ENTRIES,
    private readonly engineVersion = ENGINE_VERSION,
  ) {}

  /** The cached waterfall of the pair, or `compute()`'s, kept for next time. */
  get(organizationId: string, current: CachedAssessmentVersion, previous: CachedAssessmentVersion, compute: () => Promise<WhatChanged>): Promise<WhatChanged> {
    const key = this.keyOf(organizationId, current, previous);
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.promise;
    }
    const value = compute();
    this.computed++;
    const entry: CacheEntry = { promise: value };
    this.entries.set(key, entry);
    value.then(
      (computed) => (entry.value = computed),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** The pair's waterfall if it is cached and already computed (ADR 129); never starts a computation. */
  ready(organizationId: string, current: CachedAssessmentVersion, previous: CachedAssessmentVersion): WhatChanged | undefined {
    return this.entries.get(this.keyOf(organizationId, current, previous))?.value;
  }

  private keyOf(organizationId: string, current: CachedAssessmentVersion, previous: CachedAssessmentVersion): string {
    return JSON.stringify([organizationId, current.id, current.updatedAt, previous.id, previous.updatedAt, this.engineVersion]);
  }

  /** How many waterfalls were computed (not served from the cache) since the start. */
  get computedCount(): number {
    return this.computed;
  }

  get size(): number {
    return this.entries.size;
  }
}
