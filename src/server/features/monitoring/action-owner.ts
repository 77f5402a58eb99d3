import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listMembers } from './action-repository.ts';

/** An action's owner, when one is given, must be an active member of the organisation (400 otherwise). */
export async function requireActionOwner(db: Database, organizationId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const members = await listMembers(db, organizationId);
  if (!members.some((member) => member.id === userId)) {
    throw new AppError('bad_request', 'ownerUserId: The owner must be an active member of your organisation', { issues: [{ path: 'ownerUserId', message: 'The owner must be an active member of your organisation' }] });
  }
}
