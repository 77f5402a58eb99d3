import type { OrganizationLogoResponse, UploadLogoBody } from '@/contracts/reports.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { saveLogo } from './logo-repository.ts';
import { validateLogo } from './validate-logo.ts';

/**
 * PUT /api/organization/logo (the caller passed requireLogoManager): checks the image
 * (validate-logo.ts) and stores it as the current organisation's logo, replacing any other.
 */
export async function uploadLogo(options: { db: Database; user: AuthContext['user']; body: UploadLogoBody; now: Date; log: Pick<FastifyBaseLogger, 'info'> }): Promise<OrganizationLogoResponse> {
  const { db, user, body, now, log } = options;
  const data = Buffer.from(body.dataBase64, 'base64');
  const { width, height } = validateLogo(data, body.contentType);
  await saveLogo(db, { organizationId: user.organizationId, contentType: body.contentType, data, width, height, uploadedById: user.id, now });
  log.info({ organizationId: user.organizationId, bytes: data.length, width, height }, 'organisation logo saved');
  return { logo: { contentType: body.contentType, byteLength: data.length, width, height, updatedAt: now.toISOString(), canManage: true }, canManage: true };
}
