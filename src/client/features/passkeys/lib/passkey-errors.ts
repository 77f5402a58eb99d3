import { getErrorMessage } from '@/client/lib/api-client.ts';

/** What to tell the user after a failed ceremony; `calm` when nothing went wrong but a choice (cancel, time-out). */
export interface PasskeyErrorMessage {
  text: string;
  calm: boolean;
}

/**
 * The browser reports a cancelled or timed-out prompt as NotAllowedError (it does not say which,
 * on purpose), and an authenticator that already holds a passkey for this account as
 * InvalidStateError; @simplewebauthn keeps those names on the errors it wraps.
 */
export function describeRegistrationError(error: unknown): PasskeyErrorMessage {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return {
      text: 'The passkey was not added: the request was cancelled or timed out. You can try again whenever you are ready.',
      calm: true,
    };
  }
  if (name === 'InvalidStateError') {
    return {
      text: 'This authenticator already holds a passkey for your account. Use another authenticator, or keep using the one you have.',
      calm: false,
    };
  }
  return { text: getErrorMessage(error), calm: false };
}

export function describeSignInError(error: unknown): PasskeyErrorMessage {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return { text: 'Sign-in with a passkey was cancelled or timed out. Try again, or log in with your e-mail and password.', calm: true };
  }
  return { text: getErrorMessage(error), calm: false };
}
