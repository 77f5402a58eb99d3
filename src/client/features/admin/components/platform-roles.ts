import { PLATFORM_ROLES, type Role } from '@/contracts/auth.ts';

/** What the admin screens call each platform role; the compiler checks every role of the contract has a label. */
export const PLATFORM_ROLE_LABEL = { user: 'User', admin: 'Admin', super_admin: 'Super admin' } satisfies Record<Role, string>;

/** The role choices of a select, in the contract's order. */
export const PLATFORM_ROLE_OPTIONS: Array<[Role, string]> = PLATFORM_ROLES.map((role) => [role, PLATFORM_ROLE_LABEL[role]]);

