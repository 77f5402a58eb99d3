import { CONSENT_PAGE_PATH } from '@/contracts/oauth.ts';

/**
 * A page a visitor must sign in to see, kept for after the sign-in: the consent page an assistant
 * sent them to (ADR 294). Password and SSO sign-ins both end on '/', which goes back here. Only
 * the consent page's own address is kept (never an address from elsewhere), in this tab only.
 */
const KEY = 'cifer.resumeAfterSignIn';

export function rememberResumePath(path: string): void {
  if (!path.startsWith(`${CONSENT_PAGE_PATH}?`)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the person opens the assistant's link again after signing in.
  }
}

export function takeResumePath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path?.startsWith(`${CONSENT_PAGE_PATH}?`) ? path : null;
  } catch {
    return null;
  }
}
