import { useEffect, useState } from 'react';
import { SSO_ERROR_PARAM, readSsoErrorCode } from '../lib/sso-error.ts';

/**
 * The `?sso_error=` the callback sent the browser back with, read once. The parameter is then taken
 * out of the address bar so a reload or a shared link does not show a stale failure.
 */
export function useSsoErrorCode() {
  const [code, setCode] = useState(() => readSsoErrorCode(window.location.search));
  useEffect(() => {
    if (!code) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(SSO_ERROR_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [code]);
  return { code, dismiss: () => setCode(null) };
}
