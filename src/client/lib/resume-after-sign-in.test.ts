import { afterEach, expect, test } from 'vitest';
import { CONSENT_PAGE_PATH } from '@/contracts/oauth.ts';
import { rememberResumePath, takeResumePath } from './resume-after-sign-in.ts';

afterEach(() => sessionStorage.clear());

test('the consent page is kept for after the sign-in, and given back once', () => {
  rememberResumePath(`${CONSENT_PAGE_PATH}?request=abc`);
  expect(takeResumePath()).toBe(`${CONSENT_PAGE_PATH}?request=abc`);
  expect(takeResumePath()).toBeNull();
});

test('no other address is kept, and a planted one is not followed', () => {
  rememberResumePath('https://evil.example/phish');
  rememberResumePath('/admin');
  expect(takeResumePath()).toBeNull();
  sessionStorage.setItem('cifer.resumeAfterSignIn', '//evil.example/connect-assistant?request=x');
  expect(takeResumePath()).toBeNull();
});
