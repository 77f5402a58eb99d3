import { useEffect, useState } from 'react';

/**
 * The reset token arrives in the fragment (`#token=`, never sent to a server or in a Referer) or,
 * for older links, the query; the fragment wins.
 */
export function readResetToken(hash: string, search: string): string | null {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  const fromQuery = new URLSearchParams(search).get('token');
  return fromHash || fromQuery;
}

function readTokenOfAddress(): string | null {
  return typeof window === 'undefined' ? null : readResetToken(window.location.hash, window.location.search);
}

/**
 * The reset token of the address the page opened with, removed from the address bar once the page
 * is on screen. Reading is pure: React may render the page and throw that render away (a lazy chunk
 * suspending, an interrupted concurrent render), and an initializer that also emptied the address
 * left the render that did commit without a token ("This reset link is incomplete").
 */
export function useResetToken(): string | null {
  const [token] = useState(readTokenOfAddress);
  useEffect(() => {
    if (token && readTokenOfAddress() === token) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);
  return token;
}
