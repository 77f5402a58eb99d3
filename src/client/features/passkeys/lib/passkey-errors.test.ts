import { expect, test } from 'vitest';
import { ApiError } from '@/client/lib/api-client.ts';
import { describeRegistrationError, describeSignInError } from './passkey-errors.ts';

function namedError(name: string) {
  const error = new Error('browser message');
  error.name = name;
  return error;
}

test('a cancelled prompt is calm; an authenticator already registered says so; a server refusal shows its message', () => {
  expect(describeRegistrationError(namedError('NotAllowedError'))).toMatchObject({ calm: true });
  expect(describeRegistrationError(namedError('InvalidStateError'))).toEqual({
    calm: false,
    text: expect.stringContaining('already holds a passkey'),
  });
  const refusal = new ApiError(409, JSON.stringify({ message: 'You can register at most 10 passkeys. Remove one first.' }), 'Conflict');
  expect(describeRegistrationError(refusal)).toEqual({ calm: false, text: 'You can register at most 10 passkeys. Remove one first.' });
  expect(describeSignInError(namedError('NotAllowedError')).calm).toBe(true);
  expect(describeSignInError(namedError('SecurityError')).calm).toBe(false);
});
