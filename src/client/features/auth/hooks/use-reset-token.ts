import { useState } from 'react';

/**
 * The reset token arrives in the fragment (`#token=`, never sent to a server or in a Referer) or,
 * for older links, the query; the fragment wins.
 */
export function readResetToken(hash: string, search: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const fromQuery = new URLSearchParams(search).get('token');
  return fromHash || fromQuery;
}

function readTokenOnce(): string | null {
  if (typeof window === 'undefined') return null;
  const token = readResetToken(window.location.hash, window.location.search);
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return token;
}

/** The reset token of the address the page opened with, read once and removed from the address bar. */
export function useResetToken(): string | null {
  const [token] = useState(readTokenOnce);
  return token;
}
