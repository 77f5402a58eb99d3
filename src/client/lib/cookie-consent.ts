/**
 * Cookie consent as the browser stores it (spec sections 3 and 4; key names in
 * docs/decisions/040-cookie-consent-storage.md). Shared so any feature can ask `hasConsent`
 * before running functional or analytics code.
 */
const CONSENT_STATUS_KEY = 'cookie-consent';
const CONSENT_PREFERENCES_KEY = 'cookie-preferences';
const CONSENT_DATE_KEY = 'cookie-consent-date';

const CONSENT_STATUSES = ['accepted', 'selected', 'essential-only'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

type CookieCategory = 'essential' | 'functional' | 'analytics' | 'security';

export interface CookiePreferences {
  /** Always true: essential cookies cannot be turned off (spec section 5). */
  essential: true;
  functional: boolean;
  analytics: boolean;
  security: boolean;
}

export const ALL_ACCEPTED: CookiePreferences = { essential: true, functional: true, analytics: true, security: true };
/** Spec section 4: Essential Only turns functional and analytics off; security stays on (ADR 040). */
export const ESSENTIAL_ONLY: CookiePreferences = { essential: true, functional: false, analytics: false, security: true };
/** What the Customize panel starts from before the visitor changes anything. */
export const DEFAULT_CUSTOM_PREFERENCES: CookiePreferences = ESSENTIAL_ONLY;

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy modes); then nothing is remembered and nothing optional runs.
    return null;
  }
}

/** Parses stored preferences; anything that is not exactly our shape counts as unparseable. */
function parsePreferences(raw: string | null): CookiePreferences | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (record.essential !== true) return null;
  if (typeof record.functional !== 'boolean' || typeof record.analytics !== 'boolean' || typeof record.security !== 'boolean') return null;
  return { essential: true, functional: record.functional, analytics: record.analytics, security: record.security };
}

/** The stored choice, or null when none is stored or what is stored cannot be read (banner shows). */
export function readConsent(): { status: ConsentStatus; preferences: CookiePreferences; date: string | null } | null {
  const storage = getStorage();
  if (!storage) return null;
  const status = storage.getItem(CONSENT_STATUS_KEY);
  if (!status || !(CONSENT_STATUSES as readonly string[]).includes(status)) return null;
  const preferences = parsePreferences(storage.getItem(CONSENT_PREFERENCES_KEY));
  if (!preferences) return null;
  return { status: status as ConsentStatus, preferences, date: storage.getItem(CONSENT_DATE_KEY) };
}

export function saveConsent(status: ConsentStatus, preferences: CookiePreferences, now: Date = new Date()): void {
  const storage = getStorage();
  if (!storage) return;
  storage.setItem(CONSENT_STATUS_KEY, status);
  storage.setItem(CONSENT_PREFERENCES_KEY, JSON.stringify({ ...preferences, essential: true }));
  storage.setItem(CONSENT_DATE_KEY, now.toISOString());
  // Lets other overlays (the PWA install banner) wait for the cookie banner to go (ADR 160).
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CONSENT_SAVED_EVENT));
}

export const CONSENT_SAVED_EVENT = 'cifer:consent-saved';

/** 'Cookie Preferences' in the footer: forget the choice so the banner asks again. */
export function clearConsent(): void {
  const storage = getStorage();
  if (!storage) return;
  storage.removeItem(CONSENT_STATUS_KEY);
  storage.removeItem(CONSENT_PREFERENCES_KEY);
  storage.removeItem(CONSENT_DATE_KEY);
}

/** True when code of this category may run now. Essential always may; the others need a stored yes. */
export function hasConsent(category: CookieCategory): boolean {
  if (category === 'essential') return true;
  return readConsent()?.preferences[category] ?? false;
}
