import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { z } from 'zod';
import { SCIM_SCHEMAS } from '@/contracts/scim.ts';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import { updateDirectoryAccount } from '../../sessions/directory-account.ts';
import { endEveryAccess, removeMembership, setUserStatus, upsertMembership } from '../../sessions/revocation.ts';
import { defaultRoleOf } from './connection-view.ts';
import { insertSsoAccount } from './member-store.ts';
import { unusablePasswordHash } from './provision-member.ts';
import { connectionForDomain, findAccountForDirectory, findDirectoryPerson, listDirectoryPeople, writeScimRecord, type DirectoryPerson } from './scim-directory-store.ts';
import { ScimError } from './scim-errors.ts';
import { listResponse, parseEqualityFilter, readPage } from './scim-list.ts';
import { domainOf, readUserInput, toScimUser, type ScimUser, type UserInput } from './scim-user-resource.ts';

/**
 * SCIM Users (RFC 7644 section 3, ADR 296): an organisation's directory creates, updates,
 * deactivates and deletes the accounts of its verified domains. Deactivation (active=false) ends the
 * person's sessions, API tokens and assistants' OAuth grants at once, on every instance within a
 * second (sessions/revocation.ts); only the directory that deactivated an account may activate it
 * again. Deleting keeps the account disabled and out of SCIM's view (the organisation's data stays).
 */

export interface ScimContext {
  db: Database;
  organizationId: string;
  appUrl: string;
  now: Date;
  audit: Audit;
}

const USER_FILTER_ATTRIBUTES = ['userName', 'externalId', 'id'] as const;
const CONFLICT = (detail: string) => new ScimError(409, detail, 'uniqueness');

async function requirePerson(context: ScimContext, userId: string): Promise<DirectoryPerson> {
  const person = z.uuid().safeParse(userId).success ? await findDirectoryPerson(context.db, context.organizationId, userId) : null;
  if (!person) throw new ScimError(404, `User ${userId.slice(0, 100)} not found`);
  return person;
}

async function answer(context: ScimContext, userId: string): Promise<ScimUser> {
  return toScimUser(await requirePerson(context, userId), context.organizationId, context.appUrl);
}

/** The connection of the organisation that covers the address's domain, or a 400: SCIM provisions verified domains only. */
async function connectionFor(context: ScimContext, email: string) {
  const connection = await connectionForDomain(context.db, context.organizationId, domainOf(email));
  if (!connection) throw new ScimError(400, `userName must be an address in one of the organisation's verified SSO domains (not ${domainOf(email)}).`, 'invalidValue');
  return connection;
}

export async function listUsers(context: ScimContext, query: Record<string, unknown>) {
  const filter = parseEqualityFilter(query['filter'], USER_FILTER_ATTRIBUTES);
  const page = readPage(query);
  const people = await listDirectoryPeople(context.db, context.organizationId, filter);
  return listResponse(
    people.map((person) => toScimUser(person, context.organizationId, context.appUrl)),
    page,
  );
}

export async function getUser(context: ScimContext, userId: string): Promise<ScimUser> {
  return answer(context, userId);
}

async function deactivate(context: ScimContext, person: DirectoryPerson): Promise<void> {
  const { db, organizationId, now } = context;
  // Counted before the account is disabled (which deletes its sessions too, and any opened meanwhile).
  const ended = await endEveryAccess(db, person.id, now);
  await setUserStatus(db, person.id, 'disabled', now);
  await writeScimRecord(db, { userId: person.id, organizationId, now, deactivatedAt: now });
  await context.audit({ action: 'scim.user_deactivated', targetUserId: person.id, details: { ended } });
}

async function reactivate(context: ScimContext, person: DirectoryPerson): Promise<void> {
  if (!person.deactivatedByDirectory) throw new ScimError(400, 'CIFER disabled this account (not your directory): only CIFER support can enable it again.', 'mutability');
  await setUserStatus(context.db, person.id, 'active', context.now);
  await writeScimRecord(context.db, { userId: person.id, organizationId: context.organizationId, now: context.now, deactivatedAt: null });
  await context.audit({ action: 'scim.user_reactivated', targetUserId: person.id });
}

/** Makes the account what the directory says: address, names, externalId, then active or not. */
async function applyUser(context: ScimContext, person: DirectoryPerson, wanted: UserInput): Promise<void> {
  const { db, organizationId, now } = context;
  const changed: string[] = [];
  if (wanted.email !== person.email) {
    await connectionFor(context, wanted.email);
    if (await findAccountForDirectory(db, organizationId, wanted.email)) throw CONFLICT(`Another account already has the userName ${wanted.email}.`);
    changed.push('userName');
  }
  if (wanted.firstName !== person.firstName || wanted.lastName !== person.lastName) changed.push('name');
  await updateDirectoryAccount(db, person.id, { ...(changed.includes('userName') ? { email: wanted.email } : {}), ...(changed.includes('name') ? { firstName: wanted.firstName, lastName: wanted.lastName } : {}) }, now);
  if (wanted.externalId !== undefined && wanted.externalId !== person.externalId) {
    await writeScimRecord(db, { userId: person.id, organizationId, now, externalId: wanted.externalId });
    changed.push('externalId');
  }
  if (changed.length > 0) await context.audit({ action: 'scim.user_updated', targetUserId: person.id, details: { changed } });
  const active = person.status === 'active';
  if (wanted.active === false && active) await deactivate(context, person);
  if (wanted.active === true && !active) await reactivate(context, person);
}

/**
 * A new person of the directory. An address nobody uses gets an account like single sign-on's
 * just-in-time one (ADR 225: home in this organisation, the connection's default role, no usable
 * password); an existing account joins with that role (the domain is the organisation's); an
 * account the directory deleted comes back. An account already in SCIM's view is a conflict.
 */
export async function createUser(context: ScimContext, body: unknown): Promise<ScimUser> {
  const { db, organizationId, now } = context;
  const wanted = readUserInput(body);
  const connection = await connectionFor(context, wanted.email);
  const role = defaultRoleOf(connection.defaultRole);
  const existing = await findAccountForDirectory(db, organizationId, wanted.email);
  let userId: string;
  if (!existing) {
    const created = await insertSsoAccount(db, { email: wanted.email, firstName: wanted.firstName, lastName: wanted.lastName, passwordHash: await unusablePasswordHash(), organizationId, ssoConnectionId: connection.id, role }, now);
    if (!created) throw CONFLICT(`A user with the userName ${wanted.email} was created meanwhile.`);
    userId = created;
    await context.audit({ action: 'scim.user_created', targetUserId: userId, details: { role } });
  } else {
    if (existing.role !== 'user') throw CONFLICT(`${wanted.email} is a CIFER administrator's account: SCIM does not manage it.`);
    const belongs = existing.membershipRole !== null || existing.homeOrganizationId === organizationId;
    if (belongs && !existing.scimDeletedAt) throw CONFLICT(`A user with the userName ${wanted.email} already exists.`);
    if (existing.status !== 'active' && !existing.scimDeletedAt) throw CONFLICT(`An account with the userName ${wanted.email} exists but is not active in CIFER: contact CIFER support.`);
    userId = existing.id;
    if (existing.homeOrganizationId !== organizationId && existing.membershipRole === null) await upsertMembership(db, userId, organizationId, role, now);
    await context.audit({ action: 'scim.user_linked', targetUserId: userId, details: { role, returning: existing.scimDeletedAt !== null } });
  }
  await writeScimRecord(db, { userId, organizationId, now, externalId: wanted.externalId ?? null, deletedAt: null });
  await applyUser(context, await requirePerson(context, userId), { ...wanted, active: wanted.active ?? true });
  return answer(context, userId);
}

export async function replaceUser(context: ScimContext, userId: string, body: unknown): Promise<ScimUser> {
  const person = await requirePerson(context, userId);
  await applyUser(context, person, readUserInput(body));
  return answer(context, userId);
}

const PatchSchema = z.looseObject({
  schemas: z.array(z.string()).refine((schemas) => schemas.includes(SCIM_SCHEMAS.patchOp), `schemas must include ${SCIM_SCHEMAS.patchOp}`),
  Operations: z.array(z.looseObject({ op: z.string(), path: z.string().optional(), value: z.unknown().optional() })).min(1).max(100),
});

/** A PatchOp's operations, checked; those on extension schemas CIFER does not keep (enterprise attributes) are left out. */
export function readPatchOperations(body: unknown): ScimPatchOperation[] {
  const parsed = PatchSchema.safeParse(body);
  if (!parsed.success) throw new ScimError(400, `A PatchOp request: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'invalidSyntax');
  return parsed.data.Operations.filter((operation) => !/^urn:ietf:params:scim:schemas:extension:/i.test(operation.path ?? '')) as ScimPatchOperation[];
}

/** Applies PATCH operations with scim-patch to the resource as SCIM shows it; its errors become SCIM errors. */
export function patchResource<T extends { schemas: string[] }>(resource: T, operations: ScimPatchOperation[]): T {
  try {
    return scimPatch(resource as unknown as Parameters<typeof scimPatch>[0], operations, { mutateDocument: false, treatMissingAsAdd: true }) as unknown as T;
  } catch (error) {
    const scimType = (error as { scimCode?: string }).scimCode;
    throw new ScimError(400, error instanceof Error ? error.message : 'The PATCH could not be applied.', (scimType as 'invalidSyntax' | undefined) ?? 'invalidSyntax');
  }
}

export async function patchUser(context: ScimContext, userId: string, body: unknown): Promise<ScimUser> {
  const person = await requirePerson(context, userId);
  const patched = patchResource(toScimUser(person, context.organizationId, context.appUrl), readPatchOperations(body));
  await applyUser(context, person, readUserInput(patched));
  return answer(context, userId);
}

/** DELETE: the account is deactivated (everything it held ends), leaves the organisation and SCIM's view; its work stays with the organisation. */
export async function deleteUser(context: ScimContext, userId: string): Promise<void> {
  const { db, organizationId, now } = context;
  const person = await requirePerson(context, userId);
  if (person.status === 'active') await deactivate(context, person);
  await writeScimRecord(db, { userId, organizationId, now, deletedAt: now });
  // The home organisation has no membership row to remove (and removing one there would read as ownership): the account stays disabled.
  if (person.homeOrganizationId !== organizationId) await removeMembership(db, userId, organizationId);
  await context.audit({ action: 'scim.user_deleted', targetUserId: userId });
}
