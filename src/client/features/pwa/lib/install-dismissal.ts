/** Spec section 3: set to 'true' when the install banner is dismissed (Later or close); never shown again. */
export const INSTALL_DISMISSED_KEY = 'pwa-install-dismissed';

export function isInstallDismissed(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  try {
    return storage?.getItem(INSTALL_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function rememberInstallDismissed(storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(INSTALL_DISMISSED_KEY, 'true');
  } catch {
    // Storage disabled: the banner stays hidden for this page's life (the caller hides it).
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
