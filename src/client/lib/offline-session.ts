import type { CurrentUser } from '@/contracts/auth.ts';

/**
 * Who was signed in on this device, so the installed app can open its signed-in shell with no
 * connection (ADR 161). It grants nothing: every /api call still needs the HttpOnly session,
 * and the next successful current-user call replaces or clears it (the server stays the
 * authority). It holds only what the header shows and whether this session had passed the MFA
 * gate; logout clears it.
 */
export const OFFLINE_SESSION_KEY = 'cifer.offline-session';

export interface OfflineSession {
  user: Pick<CurrentUser, 'id' | 'email' | 'firstName' | 'lastName' | 'role'>;
  mfaVerified: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readOfflineSession(): OfflineSession | null {
  try {
    const raw = storage()?.getItem(OFFLINE_SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<OfflineSession>;
    if (!parsed.user || typeof parsed.user.id !== 'string' || typeof parsed.mfaVerified !== 'boolean') return null;
    return parsed as OfflineSession;
  } catch {
    return null;
  }
}

function write(session: OfflineSession): void {
  try {
    storage()?.setItem(OFFLINE_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage full or disabled: the app simply cannot open signed in while offline.
  }
}

/** After a current-user answer: the user (keeping the MFA mark only for the same user), or nothing. */
export function rememberCurrentUser(user: CurrentUser | null): void {
  if (!user) {
    clearOfflineSession();
    return;
  }
  const previous = readOfflineSession();
  const { id, email, firstName, lastName, role } = user;
  write({ user: { id, email, firstName, lastName, role }, mfaVerified: previous?.user.id === id ? previous.mfaVerified : false });
}

/** After an MFA status answer for this user. */
export function rememberMfaVerified(userId: string, verified: boolean): void {
  const previous = readOfflineSession();
  if (previous?.user.id !== userId || previous.mfaVerified === verified) return;
  write({ ...previous, mfaVerified: verified });
}

export function clearOfflineSession(): void {
  try {
    storage()?.removeItem(OFFLINE_SESSION_KEY);
  } catch {
    // nothing to clear
  }
}

/** fetch() rejects with a TypeError when the request never reached a server (offline, DNS, reset). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The stored user for an offline reading of the current-user query, when the device is offline. */
export function offlineUserFallback(error: unknown): CurrentUser | null {
  if (!isNetworkFailure(error)) return null;
  const session = readOfflineSession();
  return session ? { ...session.user } : null;
}

/** True when the MFA gate may open with no connection: this user passed it when last online. */
export function isOfflineMfaVerified(userId: string | undefined): boolean {
  const session = readOfflineSession();
  return Boolean(userId && session?.user.id === userId && session.mfaVerified);
}
