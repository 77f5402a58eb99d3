import { SSO_ERROR_MESSAGES, SsoErrorCodeSchema } from '@/contracts/sso.ts';

/** The query parameter the SSO callback adds to /auth when a sign-in did not finish. */
export const SSO_ERROR_PARAM = 'sso_error';

/** Said for a code this build does not know (a newer server, or a hand-edited link). */
export const GENERIC_SSO_ERROR_MESSAGE = 'Single sign-on did not finish. Start again with "Sign in with SSO"; if it keeps failing, ask your IT administrator to check the SSO connection.';

export function readSsoErrorCode(search: string): string | null {
  const code = new URLSearchParams(search).get(SSO_ERROR_PARAM);
  return code ? code : null;
}

export function ssoErrorMessage(code: string): string {
  const known = SsoErrorCodeSchema.safeParse(code);
  return known.success ? SSO_ERROR_MESSAGES[known.data] : GENERIC_SSO_ERROR_MESSAGE;
}
