import { expect, test } from 'vitest';
import { defaultPasskeyName, describeLastUse, describeStorage } from './passkey-labels.ts';

test('the suggested name names the platform, the phone before the desktop its user agent also mentions', () => {
  expect(defaultPasskeyName({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe('Passkey on iPhone');
  expect(defaultPasskeyName({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).toBe('Passkey on Android');
  expect(defaultPasskeyName({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe('Passkey on Linux');
  expect(defaultPasskeyName({ userAgent: 'Mozilla/5.0', userAgentData: { platform: 'Windows' } })).toBe('Passkey on Windows');
  expect(defaultPasskeyName({ userAgent: 'SomethingElse/1.0' })).toBe('My passkey');
});

test('last use and storage read as a person would say them', () => {
  expect(describeLastUse({ lastUsedAt: null })).toBe('Never used');
  expect(describeLastUse({ lastUsedAt: '2026-03-04T12:00:00.000Z' })).toBe('Last used Mar 4, 2026');
  expect(describeStorage({ deviceType: 'multiDevice' }).label).toBe('Synced');
  expect(describeStorage({ deviceType: 'singleDevice' }).label).toBe('Device-bound');
});
