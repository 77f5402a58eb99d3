import { like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userMfa } from '../db/schema.ts';
import { decryptSecret, SECRET_KEY_VERSION } from './secret-crypto.ts';

/** The associated data binding a TOTP secret's ciphertext to its owner (see secret-crypto.ts); features/mfa seals with it. */
export function totpSecretAssociatedData(userId: string): string {
  return `totp:${userId}`;
}

/**
 * The operator's way out, shared by the start-up refusal and the restore's: which key to give.
 * DATA_DIR/secrets/encryption-key is where a server without ENCRYPTION_KEY keeps the one it made (env.ts).
 */
export const WRONG_KEY_REMEDY =
  'Give this server the ENCRYPTION_KEY the data was sealed with: set ENCRYPTION_KEY, or (embedded database without it) copy the file secrets/encryption-key of the data folder the data came from into this DATA_DIR, replacing the one there.';

/**
 * Whether ENCRYPTION_KEY opens the stored two-factor secrets (main.ts at start, backup/restore.ts
 * after a restore; README "Backup and restore"). One enrolled secret is tried: a key that opens it is the key every
 * secret was sealed with (there is one key per deployment). With a wrong key every user with
 * two-factor sign-in would be locked out, each sign-in a 500, so the server refuses to start and a
 * restore refuses to finish instead. Null when the key fits or nothing is stored yet. Only a
 * secret in the sealed format is tried: the key is the question here, not a malformed row.
 */
export async function storedSecretKeyProblem(db: Database, encryptionKey: string): Promise<string | null> {
  const [row] = await db.select({ userId: userMfa.userId, sealed: userMfa.totpSecretEnc }).from(userMfa).where(like(userMfa.totpSecretEnc, `${SECRET_KEY_VERSION}.%`)).limit(1);
  if (!row?.sealed) return null;
  try {
    decryptSecret(encryptionKey, row.sealed, totpSecretAssociatedData(row.userId));
    return null;
  } catch {
    return `The stored two-factor secrets cannot be opened with this ENCRYPTION_KEY: every user with two-factor sign-in would be locked out. ${WRONG_KEY_REMEDY}`;
  }
}
