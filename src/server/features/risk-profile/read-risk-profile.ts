import type { RiskProfile } from '@/contracts/risk-profile.ts';
import type { Database } from '../../db/client.ts';
import { EMPTY_RISK_PROFILE, findRiskProfile } from '../../db/repositories/risk-profiles.ts';

/** The organisation's policy and appetite; empty (no policy, no appetite) until someone enters them. */
export async function readRiskProfile(options: { db: Database; organizationId: string }): Promise<RiskProfile> {
  const found = await findRiskProfile(options.db, options.organizationId);
  if (found === null) return { ...EMPTY_RISK_PROFILE, updatedAt: null };
  return { ...found.settings, updatedAt: found.updatedAt.toISOString() };
}
