import type { RiskProfile, RiskProfileSettings } from '@/contracts/risk-profile.ts';
import type { Database } from '../../db/client.ts';
import { EMPTY_RISK_PROFILE, findRiskProfile, saveRiskProfile } from '../../db/repositories/risk-profiles.ts';
import type { Audit } from '../../lib/audit.ts';

/**
 * Replaces the organisation's policy and appetite. Assessments completed from now on run with them;
 * completed ones keep the copy they were computed with (ADR 218). The change is audited with the
 * figures before and after (amounts only: nothing secret), so a board can see who set the appetite,
 * when, and what it was before.
 */
export async function updateRiskProfile(options: {
  db: Database;
  organizationId: string;
  userId: string;
  settings: RiskProfileSettings;
  now: Date;
  audit: Audit;
}): Promise<RiskProfile> {
  const { db, organizationId, userId, settings, now, audit } = options;
  const before = (await findRiskProfile(db, organizationId))?.settings ?? EMPTY_RISK_PROFILE;
  await saveRiskProfile(db, organizationId, settings, userId, now);
  await audit({ action: 'risk_profile.updated', details: { policy: settings.policy, appetiteUsd: settings.appetiteUsd, before } });
  return { ...settings, updatedAt: now.toISOString() };
}
