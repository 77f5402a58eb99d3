import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { unusedCode } from './totp-codes.ts';

export const E2E_PASSWORD = 'Correct-Horse-Battery-9';

/**
 * Signs up through the API (cookies land in the page's context) and enrols TOTP with a code
 * computed from the manual entry key, as an authenticator app would. Returns the TOTP generator;
 * take its next codes from `unusedCode` (the enrolment claimed a step).
 */
export async function signUpWithMfa(page: Page, email: string, names: { firstName: string; lastName: string; company: string }) {
  const headers = { origin: new URL(page.url()).origin };
  const register = await page.request.post('/api/auth/register', { headers, data: { email, password: E2E_PASSWORD, ...names } });
  expect(register.status(), await register.text()).toBe(200);
  const setup = await page.request.post('/api/mfa/totp/setup', { headers, data: {} });
  expect(setup.status(), await setup.text()).toBe(200);
  const { manualEntryKey } = (await setup.json()) as { manualEntryKey: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(manualEntryKey), digits: 6, period: 30, algorithm: 'SHA1' });
  const verify = await page.request.post('/api/mfa/totp/verify-setup', { headers, data: { code: await unusedCode(totp) } });
  expect(verify.status(), await verify.text()).toBe(200);
  return totp;
}
