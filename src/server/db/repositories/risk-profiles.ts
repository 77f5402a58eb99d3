import { eq } from 'drizzle-orm';
import { RiskProfileSettingsSchema, type RiskProfileSettings } from '@/contracts/risk-profile.ts';
import type { InsurancePolicy } from '@/engine/risk-input.ts';
import type { Database } from '../client.ts';
import { assessmentRiskProfiles, riskProfiles } from '../schema.ts';

/**
 * The one reader and writer of the risk_profiles and assessment_risk_profiles tables (ADR 201, 218).
 * Shared: the risk-profile feature edits the organisation's settings, assessments copy them into a
 * completed assessment, reports read that copy.
 */

export const EMPTY_RISK_PROFILE: RiskProfileSettings = { policy: null, appetiteUsd: null };

/** Stored settings go through the contract: a row that no longer parses is a bug, not data to pass on. */
function parseSettings(value: unknown, table: string): RiskProfileSettings {
  const parsed = RiskProfileSettingsSchema.safeParse(value);
  if (!parsed.success) throw new Error(`stored ${table}.settings does not match its schema`);
  return parsed.data;
}

export async function findRiskProfile(
  db: Database,
  organizationId: string,
): Promise<{ settings: RiskProfileSettings; updatedAt: Date } | null> {
  const [row] = await db.select().from(riskProfiles).where(eq(riskProfiles.organizationId, organizationId)).limit(1);
  return row ? { settings: parseSettings(row.settings, 'risk_profiles'), updatedAt: row.updatedAt } : null;
}

export async function saveRiskProfile(
  db: Database,
  organizationId: string,
  settings: RiskProfileSettings,
  updatedById: string,
  now: Date,
): Promise<void> {
  const values = { settings: settings as Record<string, unknown>, updatedById, updatedAt: now };
  await db
    .insert(riskProfiles)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: riskProfiles.organizationId, set: values });
}

/** The copy kept with a completed assessment; null for assessments completed before it existed. */
export async function findAssessmentRiskProfile(db: Database, assessmentId: string): Promise<RiskProfileSettings | null> {
  const [row] = await db.select().from(assessmentRiskProfiles).where(eq(assessmentRiskProfiles.assessmentId, assessmentId)).limit(1);
  return row ? parseSettings(row.settings, 'assessment_risk_profiles') : null;
}

export async function saveAssessmentRiskProfile(
  db: Database,
  assessmentId: string,
  settings: RiskProfileSettings,
  now: Date,
): Promise<void> {
  await db
    .insert(assessmentRiskProfiles)
    .values({ assessmentId, settings: settings as Record<string, unknown>, createdAt: now })
    .onConflictDoUpdate({ target: assessmentRiskProfiles.assessmentId, set: { settings: settings as Record<string, unknown> } });
}

/** The policy as the engine takes it (sub-limits are not modelled per scenario: ADR 218). */
export function toEnginePolicy(settings: RiskProfileSettings): InsurancePolicy | undefined {
  const { policy } = settings;
  return policy === null
    ? undefined
    : { limitUsd: policy.limitUsd, retentionUsd: policy.retentionUsd, coinsuranceShare: policy.coinsuranceShare };
}

/**
 * The input an assessment runs on and the profile kept with it (ADR 218): the organisation's policy
 * is used when the answers carry none; a policy given on the assessment itself wins, and then the
 * organisation's sub-limits (which belong to its own policy) are not kept with it.
 */
export function applyRiskProfile<I extends { insurance?: InsurancePolicy }>(
  input: I,
  settings: RiskProfileSettings,
): { input: I; kept: RiskProfileSettings } {
  const policy = toEnginePolicy(settings);
  if (input.insurance !== undefined || policy === undefined) return { input, kept: { policy: null, appetiteUsd: settings.appetiteUsd, budgetUsd: settings.budgetUsd ?? null } };
  return { input: { ...input, insurance: policy }, kept: settings };
}

/** The organisation's settings, empty when none were entered. */
export async function readRiskProfileSettings(db: Database, organizationId: string): Promise<RiskProfileSettings> {
  return (await findRiskProfile(db, organizationId))?.settings ?? EMPTY_RISK_PROFILE;
}
