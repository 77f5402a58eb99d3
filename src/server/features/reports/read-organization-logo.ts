import { OrganizationLogoResponseSchema, type OrganizationLogoResponse } from '@/contracts/reports.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { canManageLogo } from './logo-access.ts';
import { findLogo } from './logo-repository.ts';

/** GET /api/organization/logo: the current organisation's logo (without its bytes) and whether the caller may change it. */
export async function readOrganizationLogo(options: { db: Database; auth: AuthContext }): Promise<OrganizationLogoResponse> {
  const { db, auth } = options;
  const logo = await findLogo(db, auth.user.organizationId);
  const canManage = canManageLogo(auth);
  return OrganizationLogoResponseSchema.parse({
    canManage,
    logo: logo ? { contentType: logo.contentType, byteLength: logo.byteLength, width: logo.width, height: logo.height, updatedAt: logo.updatedAt.toISOString(), canManage } : null,
  });
}
