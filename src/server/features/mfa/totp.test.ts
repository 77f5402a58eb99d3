import * as OTPAuth from 'otpauth';
import { describe, expect, test } from 'vitest';
import { buildOtpauthUri, decodeBase32, encodeBase32, findAcceptedStep, findStepOffset, generateHotp, generateTotp, generateTotpSecret, getTimeStep } from './totp.ts';

// RFC 6238 Appendix B: SHA-1 seed "12345678901234567890", 8 digits.
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238 / RFC 4226)', () => {
  test.each(RFC_VECTORS)('TOTP-01 RFC 6238 SHA-1 test vector at T=%i gives %s', (seconds, expected) => {
    expect(generateTotp(RFC_SEED, new Date(seconds * 1000), 8)).toBe(expected);
  });

  test('TOTP-01 RFC 4226 HOTP vectors (6 digits)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(generateHotp(RFC_SEED, counter)).toBe(code));
  });

  test('TOTP-01 base32 round-trips and matches RFC 4648 examples', () => {
    expect(encodeBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(decodeBase32('MZXW6YTBOI').toString()).toBe('foobar');
    expect(decodeBase32('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => decodeBase32('MZ1!')).toThrow();
  });

  test('TOTP-01 secrets have 160 bits and are distinct', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => generateTotpSecret()));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(decodeBase32(secret)).toHaveLength(20);
    }
  });

  test('TOTP-01 codes agree with the otpauth package (what authenticator apps compute)', () => {
    for (let round = 0; round < 50; round += 1) {
      const secret = generateTotpSecret();
      const at = new Date(Date.UTC(2020, 0, 1) + round * 7_919_000);
      const reference = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
      expect(generateTotp(decodeBase32(secret), at)).toBe(reference.generate({ timestamp: at.getTime() }));
    }
  });

  test('TOTP-01 the otpauth URI parses with the standard parameters', () => {
    const secret = generateTotpSecret();
    const uri = buildOtpauthUri('alice+1@example.com', secret);
    expect(uri).toBe(`otpauth://totp/CIFER:alice%2B1%40example.com?secret=${secret}&issuer=CIFER&algorithm=SHA1&digits=6&period=30`);
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect(parsed.issuer).toBe('CIFER');
    expect(parsed.label).toBe('alice+1@example.com');
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.algorithm).toBe('SHA1');
    expect(parsed.digits).toBe(6);
    expect(parsed.period).toBe(30);
  });

  test('TOTP-03 the current and previous steps are accepted; the next step and T-2 are not', () => {
    const secret = generateTotpSecret();
    const key = decodeBase32(secret);
    const now = new Date('2026-03-01T12:00:15Z');
    const step = getTimeStep(now);
    expect(findAcceptedStep(secret, generateHotp(key, step), now)).toBe(step);
    expect(findAcceptedStep(secret, generateHotp(key, step - 1), now)).toBe(step - 1);
    const next = generateHotp(key, step + 1);
    const older = generateHotp(key, step - 2);
    if (next !== generateHotp(key, step) && next !== generateHotp(key, step - 1)) expect(findAcceptedStep(secret, next, now)).toBeNull();
    if (older !== generateHotp(key, step) && older !== generateHotp(key, step - 1)) expect(findAcceptedStep(secret, older, now)).toBeNull();
  });

  test('the self-check reports the clock offset in steps', () => {
    const secret = generateTotpSecret();
    const key = decodeBase32(secret);
    const now = new Date('2026-03-01T12:00:15Z');
    const step = getTimeStep(now);
    expect(findStepOffset(secret, generateHotp(key, step), now)).toBe(0);
    expect(findStepOffset(secret, generateHotp(key, step + 3), now)).toBe(3);
    expect(findStepOffset(secret, generateHotp(key, step - 4), now)).toBe(-4);
  });
});
