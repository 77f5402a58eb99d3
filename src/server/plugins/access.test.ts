import { expect, test } from 'vitest';
import type { AuthContext } from '../sessions/auth-context.ts';
import { checkAccess, type AccessLevel } from './access.ts';

function auth(overrides: { role?: AuthContext['user']['role']; totpEnabled?: boolean; mfaVerified?: boolean; requiresPayment?: boolean } = {}): AuthContext {
  return {
    user: { id: 'u', organizationId: 'o', organizationRole: 'owner', homeOrganizationId: 'o', isPartner: false, email: 'a@b.c', firstName: 'A', lastName: 'B', role: overrides.role ?? 'user' },
    session: { id: 's', createdAt: new Date(), mfaVerifiedAt: overrides.mfaVerified === false ? null : new Date() },
    totpEnabled: overrides.totpEnabled ?? true,
    backupCodesCount: 10,
    requiresPayment: overrides.requiresPayment ?? false,
  };
}

const cases: Array<[string, AccessLevel, AuthContext | null, string | null]> = [
  ['public needs nothing', 'public', null, null],
  ['session needs a session', 'session', null, 'unauthorized'],
  ['a password-only session may use session routes', 'session', auth({ totpEnabled: false, mfaVerified: false }), null],
  ['user refuses a visitor', 'user', null, 'unauthorized'],
  ['user refuses an account without TOTP', 'user', auth({ totpEnabled: false, mfaVerified: false }), 'mfa_setup_required'],
  ['user refuses a session that has not verified TOTP', 'user', auth({ mfaVerified: false }), 'mfa_required'],
  ['user refuses an unpaid account when billing is required', 'user', auth({ requiresPayment: true }), 'payment_required'],
  ['user admits a verified session', 'user', auth(), null],
  ['admin refuses a plain user', 'admin', auth(), 'forbidden'],
  ['admin admits an admin', 'admin', auth({ role: 'admin' }), null],
  ['admin admits a super admin', 'admin', auth({ role: 'super_admin' }), null],
  ['admin still needs MFA', 'admin', auth({ role: 'admin', mfaVerified: false }), 'mfa_required'],
  ['super_admin refuses an admin', 'super_admin', auth({ role: 'admin' }), 'forbidden'],
  ['super_admin admits a super admin', 'super_admin', auth({ role: 'super_admin' }), null],
];

test.each(cases)('%s', (_name, level, context, expectedCode) => {
  expect(checkAccess(level, context)?.code ?? null).toBe(expectedCode);
});
