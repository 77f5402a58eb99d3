import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findLogo, type StoredLogo } from './logo-repository.ts';

export const NO_LOGO_MESSAGE = 'This organisation has no logo';

/** GET /api/organization/logo/image: the stored image of the organisation (404 when it has none). */
export async function readLogoImage(options: { db: Database; organizationId: string }): Promise<StoredLogo> {
  const logo = await findLogo(options.db, options.organizationId);
  if (!logo) throw new AppError('not_found', NO_LOGO_MESSAGE);
  return logo;
}
