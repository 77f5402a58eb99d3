import { z } from 'zod';
import { SCIM_ROLE_GROUPS, SCIM_SCHEMAS } from '@/contracts/scim.ts';
import type { OrganizationRole } from '../../sessions/auth-context.ts';
import { upsertMembership } from '../../sessions/revocation.ts';
import { defaultRoleOf } from './connection-view.ts';
import { connectionForDomain, countOwners, listDirectoryPeople, type DirectoryPerson } from './scim-directory-store.ts';
import { ScimError } from './scim-errors.ts';
import { excludes, listResponse, parseEqualityFilter, readPage } from './scim-list.ts';
import { domainOf, roleOf, scimUrl } from './scim-user-resource.ts';
import { patchResource, readPatchOperations, type ScimContext } from './scim-users.ts';

/**
 * SCIM Groups are the organisation's roles (ADR 296): three fixed groups, owner, member and viewer,
 * whose members are the people of SCIM's view with that role. Adding someone to a group gives them
 * that role; removing them from the group of their role gives them the connection's default role
 * (they stay in the organisation: removing a person is the User's DELETE or active=false). The
 * groups themselves cannot be created, renamed or deleted, and the last owner keeps the role.
 */

const GROUP_FILTER_ATTRIBUTES = ['displayName', 'id'] as const;

type RoleGroup = (typeof SCIM_ROLE_GROUPS)[number];

function requireGroup(groupId: string): RoleGroup {
  const group = SCIM_ROLE_GROUPS.find((candidate) => candidate.role === groupId);
  if (!group) throw new ScimError(404, `Group ${groupId.slice(0, 100)} not found: CIFER's groups are ${SCIM_ROLE_GROUPS.map((g) => g.role).join(', ')}.`);
  return group;
}

function membersOf(people: DirectoryPerson[], context: ScimContext, role: OrganizationRole): DirectoryPerson[] {
  return people.filter((person) => roleOf(person, context.organizationId) === role);
}

function toScimGroup(group: RoleGroup, members: DirectoryPerson[], context: ScimContext, withMembers = true) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: group.role,
    displayName: group.displayName,
    ...(withMembers ? { members: members.map((person) => ({ value: person.id, display: person.email, $ref: scimUrl(context.appUrl, `/Users/${person.id}`) })) } : {}),
    meta: { resourceType: 'Group', location: scimUrl(context.appUrl, `/Groups/${group.role}`) },
  };
}

export async function listGroups(context: ScimContext, query: Record<string, unknown>) {
  const filter = parseEqualityFilter(query['filter'], GROUP_FILTER_ATTRIBUTES);
  const page = readPage(query);
  const people = await listDirectoryPeople(context.db, context.organizationId);
  const groups = SCIM_ROLE_GROUPS.filter((group) => !filter || (filter.attribute === 'id' ? group.role === filter.value : group.displayName.toLowerCase() === filter.value.toLowerCase()));
  const withMembers = !excludes(query, 'members');
  return listResponse(
    groups.map((group) => toScimGroup(group, membersOf(people, context, group.role), context, withMembers)),
    page,
  );
}

export async function getGroup(context: ScimContext, groupId: string, query: Record<string, unknown> = {}) {
  const group = requireGroup(groupId);
  const people = await listDirectoryPeople(context.db, context.organizationId);
  return toScimGroup(group, membersOf(people, context, group.role), context, !excludes(query, 'members'));
}

/** The role someone falls back to when taken out of their role's group: the default role of the connection of their domain. */
async function fallbackRole(context: ScimContext, person: DirectoryPerson): Promise<OrganizationRole> {
  const connection = await connectionForDomain(context.db, context.organizationId, domainOf(person.email));
  return defaultRoleOf(connection?.defaultRole ?? 'viewer');
}

async function changeRole(context: ScimContext, person: DirectoryPerson, from: OrganizationRole | null, to: OrganizationRole): Promise<void> {
  if (from === to) return;
  if (from === 'owner' && person.status === 'active' && (await countOwners(context.db, context.organizationId)) <= 1) {
    throw new ScimError(400, `${person.email} is the organisation's last owner: make someone else an owner first.`, 'mutability');
  }
  await upsertMembership(context.db, person.id, context.organizationId, to, context.now);
  await context.audit({ action: 'scim.role_changed', targetUserId: person.id, details: { from, to } });
}

/** Makes the group's members exactly `memberIds`: the added get its role, the removed fall back to their default role. */
async function setMembers(context: ScimContext, group: RoleGroup, memberIds: string[]): Promise<void> {
  const people = await listDirectoryPeople(context.db, context.organizationId);
  const byId = new Map(people.map((person) => [person.id, person]));
  const unknown = memberIds.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new ScimError(400, `Unknown member ${unknown[0]!.slice(0, 100)}: members must be Users of this organisation's SCIM service.`, 'invalidValue');
  const wanted = new Set(memberIds);
  // Additions first, so a new owner counts before the last one leaves the owners' group.
  for (const id of wanted) {
    const person = byId.get(id)!;
    await changeRole(context, person, roleOf(person, context.organizationId), group.role);
  }
  for (const person of membersOf(people, context, group.role)) {
    if (!wanted.has(person.id)) await changeRole(context, person, group.role, await fallbackRole(context, person));
  }
}

const MembersSchema = z.array(z.looseObject({ value: z.string() })).max(10_000);

function memberIdsOf(resource: { members?: unknown }): string[] {
  const parsed = MembersSchema.safeParse(resource.members ?? []);
  if (!parsed.success) throw new ScimError(400, 'members must be a list of { "value": "<user id>" }.', 'invalidValue');
  return [...new Set(parsed.data.map((member) => member.value))];
}

function keepDisplayName(group: RoleGroup, displayName: unknown): void {
  if (displayName !== undefined && (typeof displayName !== 'string' || displayName.toLowerCase() !== group.displayName.toLowerCase())) {
    throw new ScimError(400, `CIFER's groups are its roles: "${group.displayName}" cannot be renamed.`, 'mutability');
  }
}

export async function patchGroup(context: ScimContext, groupId: string, body: unknown) {
  const group = requireGroup(groupId);
  const current = await getGroup(context, groupId);
  const patched = patchResource(current, readPatchOperations(body));
  keepDisplayName(group, patched.displayName);
  await setMembers(context, group, memberIdsOf(patched));
  return getGroup(context, groupId);
}

export async function replaceGroup(context: ScimContext, groupId: string, body: unknown) {
  const group = requireGroup(groupId);
  const resource = z.looseObject({ displayName: z.unknown().optional(), members: z.unknown().optional() }).safeParse(body);
  if (!resource.success) throw new ScimError(400, 'A Group resource is a JSON object.', 'invalidSyntax');
  keepDisplayName(group, resource.data.displayName);
  await setMembers(context, group, memberIdsOf(resource.data));
  return getGroup(context, groupId);
}

/** POST /Groups: the roles exist already; one named like a role is a conflict, any other group is refused. */
export function refuseNewGroup(body: unknown): never {
  const displayName = typeof (body as { displayName?: unknown } | null)?.displayName === 'string' ? (body as { displayName: string }).displayName : '';
  if (SCIM_ROLE_GROUPS.some((group) => group.displayName.toLowerCase() === displayName.toLowerCase())) throw new ScimError(409, `The group "${displayName}" exists already.`, 'uniqueness');
  throw new ScimError(400, `CIFER's groups are the organisation's roles and cannot be added to: ${SCIM_ROLE_GROUPS.map((g) => `"${g.displayName}"`).join(', ')}.`, 'invalidValue');
}

