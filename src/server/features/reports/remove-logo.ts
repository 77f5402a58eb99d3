import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { deleteLogo } from './logo-repository.ts';
import { NO_LOGO_MESSAGE } from './read-logo-image.ts';

/** DELETE /api/organization/logo (the caller passed requireLogoManager): 404 when there is none. */
export async function removeLogo(options: { db: Database; organizationId: string }): Promise<void> {
  if (!(await deleteLogo(options.db, options.organizationId))) throw new AppError('not_found', NO_LOGO_MESSAGE);
}
