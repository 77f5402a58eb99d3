import type { Passkey } from '@/contracts/passkeys.ts';

// One formatter, made once: toLocaleDateString builds a new one on every call.
const passkeyDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function formatPasskeyDate(iso: string): string {
  return passkeyDate.format(new Date(iso));
}

export function describeLastUse(passkey: Pick<Passkey, 'lastUsedAt'>): string {
  return passkey.lastUsedAt ? `Last used ${formatPasskeyDate(passkey.lastUsedAt)}` : 'Never used';
}

/** A synced passkey survives the loss of one device; a device-bound one does not (worth knowing before removing the last). */
export function describeStorage(passkey: Pick<Passkey, 'deviceType'>): { label: string; hint: string } {
  return passkey.deviceType === 'multiDevice'
    ? { label: 'Synced', hint: 'Synced across your devices by your password manager or platform account.' }
    : { label: 'Device-bound', hint: 'Stays on one device or security key.' };
}

interface PlatformHints {
  userAgent: string;
  userAgentData?: { platform?: string } | undefined;
}

const PLATFORMS: Array<[RegExp, string]> = [
  [/iPhone/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/Android/i, 'Android'],
  [/CrOS/i, 'ChromeOS'],
  [/Mac/i, 'Mac'],
  [/Win/i, 'Windows'],
  [/Linux/i, 'Linux'],
];

/** The name offered for a new passkey, e.g. "Passkey on Mac": the user can change it before saving. */
export function defaultPasskeyName(hints: PlatformHints): string {
  const source = `${hints.userAgentData?.platform ?? ''} ${hints.userAgent}`;
  const platform = PLATFORMS.find(([pattern]) => pattern.test(source))?.[1];
  return platform ? `Passkey on ${platform}` : 'My passkey';
}
