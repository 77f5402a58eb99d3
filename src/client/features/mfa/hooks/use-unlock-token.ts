import { useCallback, useState } from 'react';

/** The e-mailed unlock link carries its token in the fragment (`#unlock=`), never sent to a server. */
export function readUnlockToken(hash: string): string | null {
  const match = /(?:^#|&)unlock=([^&]+)/.exec(hash);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The unlock token of the address the page opened with; clearing it also removes it from the address bar. */
export function useUnlockToken() {
  const [unlockToken, setUnlockToken] = useState(() => readUnlockToken(window.location.hash));
  const clearUnlockToken = useCallback(() => {
    window.history.replaceState(null, '', window.location.pathname);
    setUnlockToken(null);
  }, []);
  return { unlockToken, clearUnlockToken };
}
