import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memberships, scimUsers, ssoConnections, ssoDomains, users } from '../../db/schema.ts';

/**
 * What SCIM sees of an organisation (ADR 296): the people whose address is in one of its verified
 * SSO domains and who belong to it (a membership, or it is their home), CIFER's administrators
 * left out, and those the directory deleted left out. Nobody else's account can be read or changed
 * through the organisation's SCIM token.
 */

export interface DirectoryPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  homeOrganizationId: string;
  membershipRole: string | null;
  externalId: string | null;
  deactivatedByDirectory: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  homeOrganizationId: users.organizationId,
  membershipRole: memberships.role,
  externalId: scimUsers.externalId,
  deactivatedAt: scimUsers.deactivatedAt,
  createdAt: users.createdAt,
  userUpdatedAt: users.updatedAt,
  scimUpdatedAt: scimUsers.updatedAt,
};

/** The domain part of an address, as SQL. */
const domainOfEmail = sql`split_part(${users.email}, '@', 2)`;

function inDirectory(organizationId: string) {
  const verifiedDomains = sql`(select ${ssoDomains.domain} from ${ssoDomains} where ${ssoDomains.organizationId} = ${organizationId} and ${ssoDomains.verifiedAt} is not null)`;
  return and(or(isNotNull(memberships.userId), eq(users.organizationId, organizationId)), eq(users.role, 'user'), sql`${domainOfEmail} in ${verifiedDomains}`, isNull(scimUsers.deletedAt));
}

function selectPeople(db: Database, organizationId: string, condition: ReturnType<typeof and>) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.organizationId, organizationId)))
    .where(and(inDirectory(organizationId), condition))
    .orderBy(asc(users.createdAt), asc(users.id));
}

type PersonRow = Awaited<ReturnType<typeof selectPeople>>[number];

function toPerson(row: PersonRow): DirectoryPerson {
  const updatedAt = row.scimUpdatedAt && row.scimUpdatedAt > row.userUpdatedAt ? row.scimUpdatedAt : row.userUpdatedAt;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    homeOrganizationId: row.homeOrganizationId,
    membershipRole: row.membershipRole,
    externalId: row.externalId,
    deactivatedByDirectory: row.deactivatedAt !== null,
    createdAt: row.createdAt,
    updatedAt,
  };
}

export interface DirectoryFilter {
  attribute: 'id' | 'userName' | 'externalId';
  value: string;
}

function filterCondition(filter: DirectoryFilter | null) {
  if (!filter) return undefined;
  if (filter.attribute === 'userName') return eq(users.email, filter.value.toLowerCase());
  if (filter.attribute === 'externalId') return eq(scimUsers.externalId, filter.value);
  return eq(users.id, filter.value);
}

/** The organisation's people in SCIM's view, oldest first (a stable order for paging), optionally filtered. */
export async function listDirectoryPeople(db: Database, organizationId: string, filter: DirectoryFilter | null = null): Promise<DirectoryPerson[]> {
  const rows = await selectPeople(db, organizationId, filterCondition(filter));
  return rows.map(toPerson);
}

export async function findDirectoryPerson(db: Database, organizationId: string, userId: string): Promise<DirectoryPerson | null> {
  const [person] = await listDirectoryPeople(db, organizationId, { attribute: 'id', value: userId });
  return person ?? null;
}

/** An account by address, wherever it belongs, with what deciding whether SCIM may take it needs. */
export async function findAccountForDirectory(db: Database, organizationId: string, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, status: users.status, homeOrganizationId: users.organizationId, membershipRole: memberships.role, scimDeletedAt: scimUsers.deletedAt })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .leftJoin(scimUsers, and(eq(scimUsers.userId, users.id), eq(scimUsers.organizationId, organizationId)))
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

/** The connection that covers a verified domain of the organisation: its id and the role new members get. */
export async function connectionForDomain(db: Database, organizationId: string, domain: string): Promise<{ id: string; defaultRole: string } | null> {
  const [row] = await db
    .select({ id: ssoConnections.id, defaultRole: ssoConnections.defaultRole })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoDomains.connectionId))
    .where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
}

/** The directory's own record of a person: externalId, and whether it deactivated or deleted them. */
export async function writeScimRecord(
  db: Database,
  record: { userId: string; organizationId: string; now: Date; externalId?: string | null; deactivatedAt?: Date | null; deletedAt?: Date | null },
): Promise<void> {
  const changes = {
    ...(record.externalId === undefined ? {} : { externalId: record.externalId }),
    ...(record.deactivatedAt === undefined ? {} : { deactivatedAt: record.deactivatedAt }),
    ...(record.deletedAt === undefined ? {} : { deletedAt: record.deletedAt }),
    updatedAt: record.now,
  };
  await db
    .insert(scimUsers)
    .values({ userId: record.userId, organizationId: record.organizationId, createdAt: record.now, ...changes })
    .onConflictDoUpdate({ target: scimUsers.userId, set: { organizationId: record.organizationId, ...changes } });
}

/** How many owners the organisation has (memberships, and accounts whose home it is without a membership row). */
export async function countOwners(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(and(eq(users.status, 'active'), or(eq(memberships.role, 'owner'), and(isNull(memberships.userId), eq(users.organizationId, organizationId)))));
  return row?.value ?? 0;
}

export async function peopleByIds(db: Database, organizationId: string, ids: string[]): Promise<DirectoryPerson[]> {
  if (ids.length === 0) return [];
  const people = await listDirectoryPeople(db, organizationId);
  const wanted = new Set(ids);
  return people.filter((person) => wanted.has(person.id));
}

