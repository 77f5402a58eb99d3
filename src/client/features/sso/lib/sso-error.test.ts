import { expect, test } from 'vitest';
import { SSO_ERROR_MESSAGES } from '@/contracts/sso.ts';
import { GENERIC_SSO_ERROR_MESSAGE, readSsoErrorCode, ssoErrorMessage } from './sso-error.ts';

test('a known code reads its own message; an unknown one the generic message', () => {
  expect(ssoErrorMessage('email_not_verified')).toBe(SSO_ERROR_MESSAGES.email_not_verified);
  expect(ssoErrorMessage('toString')).toBe(GENERIC_SSO_ERROR_MESSAGE);
  expect(ssoErrorMessage('<script>')).toBe(GENERIC_SSO_ERROR_MESSAGE);
});

test('the code is read from the query string, an empty value is none', () => {
  expect(readSsoErrorCode('?mode=login&sso_error=invalid_client')).toBe('invalid_client');
  expect(readSsoErrorCode('?sso_error=')).toBeNull();
  expect(readSsoErrorCode('')).toBeNull();
});
