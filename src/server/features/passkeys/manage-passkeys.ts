import { PASSKEY_MESSAGES, type Passkey } from '@/contracts/passkeys.ts';
import { AppError } from '../../errors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { requireFreshVerification } from '../../sessions/step-up.ts';
import type { PasskeyOperationOptions } from './operation-options.ts';
import { deletePasskey, listUserPasskeys, renamePasskey, toPasskey } from './passkey-store.ts';

/** The caller's own passkeys in /mfa-settings: another user's passkey answers 404, as if it did not exist. */
type ManageOptions = Pick<PasskeyOperationOptions, 'db' | 'now' | 'audit'> & { auth: AuthContext };

export async function listOwnPasskeys(options: Pick<ManageOptions, 'db' | 'auth'>): Promise<{ passkeys: Passkey[] }> {
  const rows = await listUserPasskeys(options.db, options.auth.user.id);
  return { passkeys: rows.map(toPasskey) };
}

export async function renameOwnPasskey(options: ManageOptions & { id: string; name: string }): Promise<Passkey> {
  const { db, audit, auth, id, name } = options;
  const renamed = await renamePasskey(db, auth.user.id, id, name);
  if (!renamed) throw new AppError('not_found', PASSKEY_MESSAGES.notFound);
  await audit({ action: 'passkey.renamed', targetUserId: auth.user.id, details: { passkeyId: id, name } });
  return toPasskey(renamed);
}

/** Removing a way to sign in is a sensitive action: it needs a verification in this session within the step-up window. */
export async function removeOwnPasskey(options: ManageOptions & { id: string }): Promise<void> {
  const { db, now, audit, auth, id } = options;
  requireFreshVerification(auth, now);
  const removed = await deletePasskey(db, auth.user.id, id);
  if (!removed) throw new AppError('not_found', PASSKEY_MESSAGES.notFound);
  await audit({ action: 'passkey.removed', targetUserId: auth.user.id, details: { passkeyId: id, name: removed.name } });
}
