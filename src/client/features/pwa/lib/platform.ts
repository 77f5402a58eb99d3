/** Spec section 3: the PWA state names one of these platforms. */
export type PwaPlatform = 'ios' | 'android' | 'desktop' | 'unknown';

/**
 * The platform from the user agent. iPadOS 13+ reports itself as a Mac: a Mac with a touch
 * screen is an iPad (no Mac has one).
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): PwaPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Windows|Macintosh|X11|Linux|CrOS/i.test(userAgent)) return 'desktop';
  return 'unknown';
}

/** Already running as the installed app: standalone display mode, or iOS's own flag. */
export function isStandaloneDisplay(win: Pick<Window, 'matchMedia' | 'navigator'>): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

/** Safari on iOS is the only iOS browser that can add a web app to the home screen. */
export function isIosSafari(userAgent: string): boolean {
  return /Safari/i.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/i.test(userAgent);
}
