import { clearOfflineSession } from './offline-session.ts';

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();

/**
 * What a logout must wipe from this device besides the cached queries: registered by app/
 * (features never import each other), run by the auth feature's logout (ADR 161).
 */
export function registerSignOutCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export async function runSignOutCleanups(): Promise<void> {
  clearOfflineSession();
  const results = await Promise.allSettled([...cleanups].map(async (cleanup) => cleanup()));
  for (const result of results) if (result.status === 'rejected') console.error('Sign-out cleanup failed', result.reason);
}
