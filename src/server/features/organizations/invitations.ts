import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../../sessions/session-store.ts';
import { findOpenInvitation } from './invitation-repository.ts';

export const INVALID_INVITATION = 'This invitation is invalid, has expired or was already used.';

/** The open (not accepted, not revoked, not expired) invitation of a token, with its organisation's name: 404 otherwise. */
export async function requireOpenInvitation(db: Database, token: string, now: Date) {
  const row = await findOpenInvitation(db, hashToken(token), now);
  if (!row) throw new AppError('not_found', INVALID_INVITATION);
  return row;
}
