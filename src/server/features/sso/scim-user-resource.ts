import { z } from 'zod';
import { SCIM_BASE_PATH, SCIM_ROLE_GROUPS, SCIM_SCHEMAS } from '@/contracts/scim.ts';
import { text } from '@/contracts/text.ts';
import type { OrganizationRole } from '../../sessions/auth-context.ts';
import { effectiveOrganizationRole } from '../../sessions/organization-owner.ts';
import type { DirectoryPerson } from './scim-directory-store.ts';
import { ScimError } from './scim-errors.ts';

/**
 * A CIFER account as a SCIM User (RFC 7643 section 4.1, ADR 296) and back. userName is the
 * person's e-mail address, CIFER's sign-in name; the names are given and family name; `active` is
 * whether the account may sign in; `groups` (read-only) is the role in the organisation.
 */

export function scimUrl(appUrl: string, path: string): string {
  return `${new URL(appUrl).origin}${SCIM_BASE_PATH}${path}`;
}

export function roleOf(person: DirectoryPerson, organizationId: string): OrganizationRole | null {
  return effectiveOrganizationRole(person.membershipRole, organizationId, person.homeOrganizationId);
}

export function groupDisplayName(role: OrganizationRole): string {
  return SCIM_ROLE_GROUPS.find((group) => group.role === role)?.displayName ?? role;
}

export function toScimUser(person: DirectoryPerson, organizationId: string, appUrl: string) {
  const role = roleOf(person, organizationId);
  const formatted = `${person.firstName} ${person.lastName}`.trim();
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: person.id,
    ...(person.externalId ? { externalId: person.externalId } : {}),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted },
    displayName: formatted || person.email,
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: person.status === 'active',
    groups: role ? [{ value: role, display: groupDisplayName(role), $ref: scimUrl(appUrl, `/Groups/${role}`) }] : [],
    meta: { resourceType: 'User', created: person.createdAt.toISOString(), lastModified: person.updatedAt.toISOString(), location: scimUrl(appUrl, `/Users/${person.id}`) },
  };
}

export type ScimUser = ReturnType<typeof toScimUser>;

/** Microsoft Entra ID sends booleans as "True" and "False" in some requests: read them as booleans. */
const scimBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False']).transform((value) => value.toLowerCase() === 'true')]);

const UserInputSchema = z.looseObject({
  userName: text().trim().toLowerCase().pipe(z.email('userName must be the person’s e-mail address')),
  externalId: text().max(500, 'externalId is at most 500 characters').nullish(),
  name: z.looseObject({ givenName: text().trim().max(100).nullish(), familyName: text().trim().max(100).nullish() }).nullish(),
  displayName: text().trim().max(200).nullish(),
  active: scimBoolean.nullish(),
});

/** What CIFER keeps of a User resource sent to it. */
export interface UserInput {
  email: string;
  firstName: string;
  lastName: string;
  /** undefined: not sent (keep); null: sent empty (clear). */
  externalId: string | null | undefined;
  active: boolean | undefined;
}

export function readUserInput(body: unknown): UserInput {
  const parsed = UserInputSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ScimError(400, `${issue?.path.join('.') || 'The User'}: ${issue?.message ?? 'invalid'}`, 'invalidValue');
  }
  const { userName, externalId, name, displayName, active } = parsed.data;
  const [firstFromDisplay = '', ...restFromDisplay] = (displayName ?? '').split(/\s+/).filter(Boolean);
  return {
    email: userName,
    firstName: name?.givenName || firstFromDisplay || userName.split('@')[0] || userName,
    lastName: name?.familyName || restFromDisplay.join(' '),
    externalId,
    active: active ?? undefined,
  };
}

/** The domain of an address. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}
