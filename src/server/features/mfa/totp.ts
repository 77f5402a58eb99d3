import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal.ts';

/** RFC 6238 parameters every authenticator app understands (TOTP-01). */
export const TOTP_ISSUER = 'CIFER';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps expect in `secret=`). */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('Invalid base32 character');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** 160 random bits from the CSPRNG, as base32 (32 characters). */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(TOTP_SECRET_BYTES));
}

/** RFC 4226 HOTP with HMAC-SHA-1 and dynamic truncation. */
export function generateHotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac('sha1', key).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const binary = ((hmac[offset]! & 0x7f) << 24) | (hmac[offset + 1]! << 16) | (hmac[offset + 2]! << 8) | hmac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step a moment falls in (RFC 6238 T = floor(unix time / 30)). */
export function getTimeStep(at: Date, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(at.getTime() / 1000 / periodSeconds);
}

export function generateTotp(key: Uint8Array, at: Date, digits = TOTP_DIGITS): string {
  return generateHotp(key, getTimeStep(at), digits);
}

/**
 * The step a code belongs to when it is acceptable now: the current step or the previous one
 * (security.md decision 4: never the next one), or null. Both candidates are always computed so
 * the timing does not tell which one matched.
 */
export function findAcceptedStep(secretBase32: string, code: string, now: Date): number | null {
  const key = decodeBase32(secretBase32);
  const current = getTimeStep(now);
  let matched: number | null = null;
  for (const step of [current, current - 1]) {
    if (safeEqual(generateHotp(key, step), code) && matched === null) matched = step;
  }
  return matched;
}

/**
 * For the self-check page: how many steps away from now a code is (negative: the device clock is
 * behind), searching ±range steps; null when none matches. Nothing is consumed.
 */
export function findStepOffset(secretBase32: string, code: string, now: Date, range = 10): number | null {
  const key = decodeBase32(secretBase32);
  const current = getTimeStep(now);
  for (let distance = 0; distance <= range; distance += 1) {
    for (const offset of distance === 0 ? [0] : [-distance, distance]) {
      if (safeEqual(generateHotp(key, current + offset), code)) return offset;
    }
  }
  return null;
}

/** The provisioning URI of the Key Uri Format (issuer both as label prefix and parameter). */
export function buildOtpauthUri(email: string, secretBase32: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(email)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
