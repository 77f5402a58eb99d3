import { describe, expect, test } from 'vitest';
import { readDirectoryPerson } from './directory-claims.ts';

describe('readDirectoryPerson', () => {
  const email = 'Alice@Example.TEST';

  test('a verified address is lower-cased and its names taken from given_name and family_name', () => {
    expect(readDirectoryPerson({ email, email_verified: true, given_name: 'Alice', family_name: 'Archer' })).toEqual({
      email: 'alice@example.test',
      emailVerified: true,
      firstName: 'Alice',
      lastName: 'Archer',
    });
  });

  test('only a literal true verifies: a missing claim, false or the string "true" do not', () => {
    expect(readDirectoryPerson({ email })?.emailVerified).toBe(false);
    expect(readDirectoryPerson({ email, email_verified: false })?.emailVerified).toBe(false);
    expect(readDirectoryPerson({ email, email_verified: 'true' })?.emailVerified).toBe(false);
  });

  test("Microsoft Entra ID's xms_edov verifies when email_verified is absent, never against an explicit false", () => {
    expect(readDirectoryPerson({ email, xms_edov: true })?.emailVerified).toBe(true);
    expect(readDirectoryPerson({ email, xms_edov: false })?.emailVerified).toBe(false);
    expect(readDirectoryPerson({ email, email_verified: false, xms_edov: true })?.emailVerified).toBe(false);
  });

  test('names fall back to `name`, then to the address', () => {
    expect(readDirectoryPerson({ email, name: 'Bruno Bell Carter' })).toMatchObject({ firstName: 'Bruno', lastName: 'Bell Carter' });
    expect(readDirectoryPerson({ email })).toMatchObject({ firstName: 'alice', lastName: '' });
  });

  test('no usable address: null', () => {
    expect(readDirectoryPerson({ email: 'not an address' })).toBeNull();
    expect(readDirectoryPerson({})).toBeNull();
  });
});
