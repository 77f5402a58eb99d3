import { useSyncExternalStore } from 'react';

/**
 * A counter per assessment, bumped when a conflict was resolved with the server's version (or
 * the offline answers moved to a new assessment): the open page remounts its editor from the
 * server's copy instead of keeping the answers the user chose to drop.
 */
const revisions = new Map<string, number>();
const listeners = new Set<() => void>();

export function markReplaced(id: string): void {
  revisions.set(id, (revisions.get(id) ?? 0) + 1);
  for (const listener of listeners) listener();
}

export function useReplacedRevision(id: string | null): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (id ? (revisions.get(id) ?? 0) : 0),
  );
}
