import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.ts';

/**
 * argon2id with the OWASP/ASVS minimum cost (m=19 MiB, t=2, p=1), a fresh 16-byte salt per hash
 * (PWD-06). Hashing runs on the libuv pool; a small semaphore bounds how many run at once and a
 * capped queue turns a flood into a 503 instead of memory growth (PWD-11).
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

const MAX_CONCURRENT = 4;
const MAX_QUEUED = 200;
let active = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= MAX_CONCURRENT) {
    if (waiting.length >= MAX_QUEUED) throw new AppError('unavailable', 'The server is busy. Please try again in a moment.', { retryAfterSeconds: 5 });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  active += 1;
  try {
    return await work();
  } finally {
    active -= 1;
    waiting.shift()?.();
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * The hasher as one object so tests can spy on it (AUTH-02: exactly one verify per login,
 * whether or not the address is known).
 */
export const passwordHasher = {
  hash(password: string): Promise<string> {
    return withSlot(() => hash(password, ARGON2_OPTIONS));
  },
  async verify(storedHash: string, password: string): Promise<boolean> {
    return withSlot(async () => {
      try {
        return await verify(storedHash, password);
      } catch {
        return false;
      }
    });
  },
};

/** True when the stored hash was made with older parameters and should be re-hashed (PWD-07). */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PARAMS);
}

/**
 * Runs one verification against a hash of a random password with the live parameters, so an
 * unknown address costs the same time as a known one (timing parity, AUTH-02).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(`dummy-${Math.random()}-password`, ARGON2_OPTIONS);
  await passwordHasher.verify(await dummyHash, password);
  return false;
}

/**
 * Common passwords that pass the 14-character rule (PWD-04, security.md decision 1). The check
 * also refuses passwords made only of a few predictable words, digits and symbols, or of the
 * product's name or the user's own e-mail name.
 */
const COMMON_PASSWORDS = new Set([
  'passwordpassword',
  'password12345678',
  'password1234567',
  'password123456',
  'password1234',
  'password123!',
  'passw0rd123456',
  'qwertyuiopasdfgh',
  'qwertyuiopasdfghjkl',
  'qwertyuiop123456',
  'qwerty1234567890',
  'qwerty123456789',
  '1234567890qwerty',
  'asdfghjklqwerty',
  '12345678901234',
  '123456789012345',
  '1234567890123456',
  'abcdefghijklmnop',
  'abcdefghijklmn',
  'abc123abc123abc',
  'iloveyouiloveyou',
  'letmeinletmein',
  'welcome1234567',
  'welcome12345678',
  'administrator123',
  'administrator1',
  'changemechangeme',
  'trustno1trustno1',
  'football12345678',
  'baseball12345678',
  'princess12345678',
  'sunshine12345678',
  'monkey1234567890',
  'dragon1234567890',
  'starwars12345678',
  'superman12345678',
  'whatever12345678',
]);

const PREDICTABLE_WORDS = ['password', 'passw0rd', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwerty', 'asdfgh', 'asdf', 'zxcv', '1qaz2wsx', 'welcome', 'letmein', 'admin', 'iloveyou', 'changeme', 'secret', 'cifer', 'login', 'abc', 'test', 'user'];

export const COMMON_PASSWORD_MESSAGE = 'This password is too common or too easy to guess. Choose a longer, less predictable one.';

/** Returns the reason a password is refused beyond the form rules, or null when it is acceptable. */
export function findPasswordWeakness(password: string, context: { email?: string | undefined } = {}): string | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return COMMON_PASSWORD_MESSAGE;
  if (new Set(Array.from(lower)).size <= 3) return COMMON_PASSWORD_MESSAGE;
  let rest = lower;
  const localPart = context.email?.split('@')[0]?.toLowerCase();
  const words = (localPart && localPart.length >= 3 ? [...PREDICTABLE_WORDS, localPart] : PREDICTABLE_WORDS).toSorted((a, b) => b.length - a.length);
  for (const word of words) rest = rest.split(word).join('');
  // Only ASCII digits, spaces and punctuation count as filler; other scripts and emoji stay.
  rest = rest.replace(/[0-9\s!-/:-@[-`{-~]/g, '');
  if (rest.length < 4) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** Throws the clear 400 of decision 1 when the password is on the blocklist. */
export function assertPasswordAcceptable(password: string, context: { email?: string | undefined } = {}, field = 'password'): void {
  const weakness = findPasswordWeakness(password, context);
  if (weakness) throw new AppError('bad_request', weakness, { issues: [{ path: field, message: weakness }] });
}
