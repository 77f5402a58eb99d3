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
 * Which regimes apply (docs/methodology.md): data types held and public
 * listing switch them on; a framework the user marked as in scope does too.
 */
export function findApplicableRegimes(organisation: OrganisationProfile, frameworks: FrameworkStates): RegimeId[] {
  const r = organisation.records;
  const applicable: RegimeId[] = [];
  if (r.health > 0 || isMarkedApplicable(frameworks, 'hipaa')) applicable.push('hipaa');
  if (r.paymentCard > 0 || isMarkedApplicable(frameworks, 'pciDss')) applicable.push('pciDss');
  if (r.consumerFinancial > 0 || isMarkedApplicable(frameworks, 'glba')) applicable.push('glba');
  const holdsPersonalData = r.personal + r.health + r.paymentCard + r.consumerFinancial > 0;
  if (organisation.holdsEuResidentsData && holdsPersonalData) applicable.push('gdpr');
  if (organisation.holdsCaliforniaResidentsData && holdsPersonalData) applicable.push('ccpa');
  if (organisation.isPubliclyTraded || isMarkedApplicable(frameworks, 'sox')) applicable.push('sox');
  return applicable;
}
