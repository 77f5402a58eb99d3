import type { MfaStatus } from '@/contracts/mfa.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import type { SessionCache } from '../../sessions/session-cache.ts';
import { isEnrolled } from './enrolment.ts';
import { countUnusedBackupCodes, findUserMfa } from './mfa-store.ts';

/** GET /api/mfa/status: is TOTP on, has this session passed it, how many backup codes are left. */
export async function readMfaStatus(options: { db: Database; sessionCache: SessionCache; auth: AuthContext; now: Date }): Promise<MfaStatus> {
  const { db, sessionCache, auth, now } = options;
  // Cached per user with the sessions (ADR 173); every change to TOTP or backup codes goes through mfa-store, which invalidates it.
  const { totpEnabled, backupCodesCount } = await sessionCache.remember(auth.user.id, 'mfa-status', now.getTime(), async () => {
    const enrolled = isEnrolled(await findUserMfa(db, auth.user.id));
    return { totpEnabled: enrolled, backupCodesCount: enrolled ? await countUnusedBackupCodes(db, auth.user.id) : 0 };
  });
  return {
    totpEnabled,
    sessionMfaComplete: totpEnabled && auth.session.mfaVerifiedAt !== null,
    backupCodesCount,
  };
}
