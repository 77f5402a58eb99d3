import { useEffect, useState } from 'react';
import { ClientConfigSchema } from '@/contracts/client-errors.ts';

/**
 * The support address is the operator's (SUPPORT_EMAIL), served by GET /api/client-config, never
 * built into the bundle (ADR 281). The last one seen is kept in localStorage so a screen shown
 * while the server cannot be reached (offline, an upgrade under way) still names it.
 */
const STORAGE_KEY = 'cifer-support-email';

export function knownSupportEmail(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberSupportEmail(email: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, email);
  } catch {
    // storage refused (private mode, quota): the address is still shown on this screen
  }
}

let loading: Promise<string | null> | null = null;

/** Asks the server once per page load; null when it cannot be reached (offline: not even asked). */
export function loadSupportEmail(): Promise<string | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(null);
  loading ??= fetch('/api/client-config', { credentials: 'include' })
    .then(async (response) => {
      if (!response.ok) return null;
      const { supportEmail } = ClientConfigSchema.parse(await response.json());
      rememberSupportEmail(supportEmail);
      return supportEmail;
    })
    .catch(() => {
      loading = null;
      return null;
    });
  return loading;
}

/** The configured address: the remembered one at once, the server's once it answers. */
export function useSupportEmail(): string | null {
  const [email, setEmail] = useState(knownSupportEmail);
  useEffect(() => {
    let live = true;
    void loadSupportEmail().then((loaded) => {
      if (live && loaded) setEmail(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return email;
}
