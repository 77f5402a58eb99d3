import type { z } from 'zod';
import type { AdminOrganizationDetail, AdminOrganizationList, AdminOrganizationListQuerySchema } from '@/contracts/admin.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findOrganization, findOrganizationPage, listOrganizationMembers } from './organization-repository.ts';
import { findSsoState } from './sso-requirement-repository.ts';

/** GET /api/admin/organizations: every organisation with its subscription state and member count. */
export async function listOrganizations(options: { db: Database; query: z.output<typeof AdminOrganizationListQuerySchema> }): Promise<AdminOrganizationList> {
  const { db, query } = options;
  const { organizations, total } = await findOrganizationPage(db, query);
  return { organizations, total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/organizations/:id: members with their roles and the single sign-on state (the billing panel composes beside it). */
export async function getOrganization(options: { db: Database; id: string }): Promise<AdminOrganizationDetail> {
  const { db, id } = options;
  const organization = await findOrganization(db, id);
  if (!organization) throw new AppError('not_found', 'Organisation not found');
  const members = await listOrganizationMembers(db, id);
  return {
    id: organization.id,
    name: organization.name,
    subscriptionStatus: organization.subscriptionStatus,
    createdAt: organization.createdAt.toISOString(),
    memberCount: members.length,
    members,
    sso: await findSsoState(db, id),
  };
}
