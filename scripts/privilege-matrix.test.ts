import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { PERMISSIONS, can } from '../src/contracts/permissions.ts';
import { MATRIX_PATH, renderPermissionsTable, withCurrentTable } from './privilege-matrix.ts';

test('docs/privilege-matrix.md holds the table the permission map gives (run `npm run docs:privileges` after changing the map)', () => {
  const committed = readFileSync(MATRIX_PATH, 'utf8');
  expect(withCurrentTable(committed)).toBe(committed);
});

test('the generated table changes when the map does, so the check above can fail', () => {
  const before = renderPermissionsTable();
  const grants = PERMISSIONS['organization.write'].grants as unknown as Array<{ organization: string[] }>;
  const saved = grants[0]!.organization;
  grants[0]!.organization = ['owner'];
  try {
    expect(can({ platformRole: 'user', organizationRole: 'member' }, 'organization.write')).toBe(false);
    expect(renderPermissionsTable()).not.toBe(before);
  } finally {
    grants[0]!.organization = saved;
  }
});

test('the map reads as the privilege matrix says: viewers read, members write, owners manage, staff tools by platform role', () => {
  const user = (organizationRole: 'viewer' | 'member' | 'owner' | null) => ({ platformRole: 'user' as const, organizationRole });
  expect(can(user('viewer'), 'organization.read')).toBe(true);
  expect(can(user('viewer'), 'organization.write')).toBe(false);
  expect(can(user('member'), 'organization.write')).toBe(true);
  expect(can(user('member'), 'organization.manage')).toBe(false);
  expect(can(user('owner'), 'organization.manage')).toBe(true);
  expect(can(user(null), 'organization.read')).toBe(false);
  expect(can({ platformRole: 'admin', organizationRole: 'member' }, 'organization.logo')).toBe(true);
  expect(can({ platformRole: 'admin', organizationRole: 'viewer' }, 'organization.logo')).toBe(false);
  expect(can({ platformRole: 'admin', organizationRole: null }, 'platform.console')).toBe(true);
  expect(can({ platformRole: 'admin', organizationRole: 'owner' }, 'platform.manage-staff')).toBe(false);
  expect(can({ platformRole: 'super_admin', organizationRole: null }, 'platform.super-admin-tools')).toBe(true);
});
