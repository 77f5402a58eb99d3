import type { MfaStatus } from '@/contracts/mfa.ts';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import type { SessionCache } from '../../sessions/session-cache.ts';
import { isEnrolled } from './enrolment.ts';
import { countUnusedBackupCodes, findUserMfa } from './mfa-store.ts';

/** What the status is made of per user; cached with the sessions (ADR 173). */
interface UserMfaFacts {
  totpEnabled: boolean;
  backupCodesCount: number;
}

const CACHE_KEY = 'mfa-status';

/**
 * GET /api/mfa/status: is TOTP on, has this session passed it, how many backup codes are left.
 * The facts are cached per user with the sessions (ADR 173); every change to TOTP or backup codes
 * goes through mfa-store, which invalidates them. A cached answer is returned without a promise
 * (ADR 187): the common case of the most frequent signed-in call.
 */
export function readMfaStatus(options: { db: Database; sessionCache: SessionCache; auth: AuthContext; now: Date }): MfaStatus | Promise<MfaStatus> {
  const { db, sessionCache, auth } = options;
  const nowMs = options.now.getTime();
  const cached = sessionCache.recall<UserMfaFacts>(auth.user.id, CACHE_KEY, nowMs);
  if (cached) return toMfaStatus(cached, auth);
  return sessionCache
    .remember(auth.user.id, CACHE_KEY, nowMs, async (): Promise<UserMfaFacts> => {
      const enrolled = isEnrolled(await findUserMfa(db, auth.user.id));
      return { totpEnabled: enrolled, backupCodesCount: enrolled ? await countUnusedBackupCodes(db, auth.user.id) : 0 };
    })
    .then((facts) => toMfaStatus(facts, auth));
}

function toMfaStatus({ totpEnabled, backupCodesCount }: UserMfaFacts, auth: AuthContext): MfaStatus {
  return { totpEnabled, sessionMfaComplete: totpEnabled && auth.session.mfaVerifiedAt !== null, backupCodesCount };
}
