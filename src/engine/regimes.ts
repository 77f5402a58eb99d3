import type { FrameworkId } from './frameworks.ts';
import type { FrameworkStates, OrganisationProfile } from './risk-input.ts';

/** Regulatory regimes the fines module knows (docs/methodology.md). */
export const REGIME_IDS = ['hipaa', 'pciDss', 'glba', 'gdpr', 'ccpa', 'sox'] as const;
/** A regulatory regime. */
export type RegimeId = (typeof REGIME_IDS)[number];

/** Display labels of the regimes. */
export const REGIME_LABELS: { readonly [R in RegimeId]: string } = {
  hipaa: 'HIPAA',
  pciDss: 'PCI DSS',
  glba: 'GLBA',
  gdpr: 'GDPR',
  ccpa: 'CCPA/CPRA',
  sox: 'SOX',
};

/** The framework that evidences compliance with a regime, if any. */
export const REGIME_FRAMEWORK: { readonly [R in RegimeId]: FrameworkId | null } = {
  hipaa: 'hipaa',
  pciDss: 'pciDss',
  glba: 'glba',
  gdpr: null,
  ccpa: null,
  sox: 'sox',
};

function isMarkedApplicable(frameworks: FrameworkStates, id: FrameworkId): boolean {
  const state = frameworks[id];
  return state !== undefined && state.status !== 'notApplicable';
}

/**
 * A framework marked in scope but not claimed compliant. A compliance claim for
 * a regime with no records in scope adds no fines (ADR 265): it is evidence of
 * controls, never a reason to simulate a penalty the organisation cannot incur.
 */
function isMarkedInScopeWithoutClaim(frameworks: FrameworkStates, id: FrameworkId): boolean {
  return isMarkedApplicable(frameworks, id) && frameworks[id]?.status !== 'compliant';
}

/**
 * Which regimes apply (docs/methodology.md): data types held and public
 * listing switch them on; a framework the user marked as in scope without
 * claiming compliance does too (a compliance claim alone never does, ADR 265).
 */
export function findApplicableRegimes(organisation: OrganisationProfile, frameworks: FrameworkStates): RegimeId[] {
  const r = organisation.records;
  const applicable: RegimeId[] = [];
  if (r.health > 0 || isMarkedInScopeWithoutClaim(frameworks, 'hipaa')) applicable.push('hipaa');
  if (r.paymentCard > 0 || isMarkedInScopeWithoutClaim(frameworks, 'pciDss')) applicable.push('pciDss');
  if (r.consumerFinancial > 0 || isMarkedInScopeWithoutClaim(frameworks, 'glba')) applicable.push('glba');
  const holdsPersonalData = r.personal + r.health + r.paymentCard + r.consumerFinancial > 0;
  if (organisation.holdsEuResidentsData && holdsPersonalData) applicable.push('gdpr');
  if (organisation.holdsCaliforniaResidentsData && holdsPersonalData) applicable.push('ccpa');
  if (organisation.isPubliclyTraded || isMarkedApplicable(frameworks, 'sox')) applicable.push('sox');
  return applicable;
}

/**
 * The records that put an organisation under a fine regime: health (HIPAA), card (PCI DSS),
 * consumer financial (GLBA), every personal-data record (GDPR, CCPA); 0 for SOX.
 */
export function recordsUnderRegime(organisation: OrganisationProfile, regime: RegimeId): number {
  const r = organisation.records;
  switch (regime) {
    case 'hipaa':
      return r.health;
    case 'pciDss':
      return r.paymentCard;
    case 'glba':
      return r.consumerFinancial;
    case 'gdpr':
    case 'ccpa':
      return r.personal + r.health + r.paymentCard + r.consumerFinancial;
    default:
      return 0;
  }
}

/**
 * How far a regime has phased in (ADR 265): 1 when the user marked its framework in scope
 * without a compliance claim (they say it applies), else min(1, records / threshold), so the
 * first record of a new type adds a sliver of the regime's fines instead of all of them.
 * Non-decreasing in every record count.
 */
export function regimePhaseIn(organisation: OrganisationProfile, frameworks: FrameworkStates, regime: RegimeId, thresholdRecords: number): number {
  const framework = REGIME_FRAMEWORK[regime];
  if (framework !== null && isMarkedInScopeWithoutClaim(frameworks, framework)) return 1;
  return Math.min(1, recordsUnderRegime(organisation, regime) / thresholdRecords);
}
