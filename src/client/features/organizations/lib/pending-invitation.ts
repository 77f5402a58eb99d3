/**
 * The invitation token from the e-mailed link, kept for this tab only (sessionStorage) while the
 * invitee signs up or logs in and sets up two-factor; removed once used.
 */
const KEY = 'cifer_invitation_token';

export function readPendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function savePendingInvitation(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Private mode without storage: the link itself still works while the tab stays open.
  }
}

export function clearPendingInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** Takes `#token=...` from the address bar and removes it, so it is not left in history. */
export function takeTokenFromHash(): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]{20,200})/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return match[1] ?? null;
}
