import { CALIBRATION } from './calibration/calibration.ts';
import type { CalibrationKey } from './calibration/calibration.ts';
import type { FactorLevel } from './factors.ts';
import type { ModelParameters } from './model-parameters.ts';
import { findApplicableRegimes, REGIME_IDS, REGIME_LABELS } from './regimes.ts';
import type { RegimeId } from './regimes.ts';
import type { FrameworkStates, OrganisationProfile } from './risk-input.ts';

/** Fines exposure of one regime. */
interface RegimeFineExposure {
  readonly regime: RegimeId;
  readonly label: string;
  readonly isApplicable: boolean;
  /** Simulated expected fines per year under this regime (included in the ALE). */
  readonly expectedAnnualUsd: number;
  /** Per-incident cap of this regime's fine; null when no fine is simulated. (The whole incident is also capped at 1.5 x revenue.) */
  readonly capPerEventUsd: number | null;
  readonly note: string;
  readonly sourceKeys: readonly CalibrationKey[];
}

/** Fines exposure by regime plus the lines kept out of the ALE. */
export interface FinesExposure {
  readonly regimes: readonly RegimeFineExposure[];
  /** PCI DSS monthly non-compliance fines (deterministic line, not in the ALE). */
  readonly pciNonCompliance: { readonly months: number; readonly lowUsd: number; readonly highUsd: number; readonly sourceKeys: readonly CalibrationKey[] } | null;
  /** CCPA statutory damages if all personal records were Californian (tail scenario, not in the ALE). */
  readonly ccpaStatutoryDamagesTail: { readonly records: number; readonly lowUsd: number; readonly highUsd: number; readonly sourceKeys: readonly CalibrationKey[] } | null;
}

const NOTES: { readonly [R in RegimeId]: string } = {
  hipaa: 'Per-event fine capped at the HIPAA calendar-year cap per provision (OCR tier-2 discretion cap when compliant & evidenced).',
  pciDss: 'Post-breach card-brand assessments, capped by the general per-event cap; monthly non-compliance fines are shown separately.',
  glba: 'Per-event fine capped at the GLBA institution maximum per violation.',
  gdpr: 'Per-event fine capped at the GDPR Art. 83(5) ceiling (EUR 20M or 4% of turnover, whichever is higher).',
  ccpa: 'Administrative fines in the simulation; private-action statutory damages are a separate tail scenario.',
  sox: 'SOX §906 penalties fall on certifying officers, not the company: no corporate fine is simulated.',
};

/** Builds the fines exposure from the simulated per-regime totals. */
export function buildFinesExposure(
  organisation: OrganisationProfile,
  frameworks: FrameworkStates,
  params: ModelParameters,
  a4Level: FactorLevel,
  fineTotalsByRegimeUsd: Float64Array,
  years: number,
): FinesExposure {
  const applicable = findApplicableRegimes(organisation, frameworks);
  const regimes = REGIME_IDS.map((regime): RegimeFineExposure => {
    const index = (params.fine.regimes as readonly string[]).indexOf(regime);
    const sourceKeys: CalibrationKey[] = ['fineProbability', 'finePerRegimeProbability', 'fineMedian', 'fineSigma', 'sizeScalingExponent'];
    if (regime === 'hipaa') sourceKeys.push('hipaaAnnualCap', 'hipaaDiscretionCapTier2');
    if (regime === 'glba') sourceKeys.push('glbaPerViolationCap');
    if (regime === 'gdpr') sourceKeys.push('gdprUpperTierEur', 'gdprUpperTierTurnoverShare', 'eurUsdRate');
    if (regime === 'sox') sourceKeys.splice(0, sourceKeys.length, 'soxKnowingFineMax', 'soxWillfulFineMax');
    return {
      regime,
      label: REGIME_LABELS[regime],
      isApplicable: applicable.includes(regime),
      expectedAnnualUsd: index >= 0 ? (fineTotalsByRegimeUsd[index] as number) / years : 0,
      capPerEventUsd: index >= 0 ? (params.fine.capsByA4[a4Level][index] as number) : null,
      note: NOTES[regime],
      sourceKeys,
    };
  });
  const months = a4Level === 'worst' ? CALIBRATION.pciMonthsKnownNonCompliance.value : a4Level === 'partial' ? CALIBRATION.pciMonthsGapsBeingFixed.value : 0;
  const pciApplies = applicable.includes('pciDss') && frameworks.pciDss?.status !== 'compliant';
  const pciNonCompliance =
    pciApplies && months > 0
      ? {
          months,
          lowUsd: months * CALIBRATION.pciMonthlyFineMin.value,
          highUsd: months * CALIBRATION.pciMonthlyFineMax.value,
          sourceKeys: ['pciMonthlyFineMin', 'pciMonthlyFineMax', a4Level === 'worst' ? 'pciMonthsKnownNonCompliance' : 'pciMonthsGapsBeingFixed'] as CalibrationKey[],
        }
      : null;
  const records = organisation.records.personal + organisation.records.health + organisation.records.paymentCard + organisation.records.consumerFinancial;
  const ccpaStatutoryDamagesTail = applicable.includes('ccpa')
    ? {
        records,
        lowUsd: records * CALIBRATION.ccpaStatutoryDamagesMin.value,
        highUsd: records * CALIBRATION.ccpaStatutoryDamagesMax.value,
        sourceKeys: ['ccpaStatutoryDamagesMin', 'ccpaStatutoryDamagesMax'] as CalibrationKey[],
      }
    : null;
  return { regimes, pciNonCompliance, ccpaStatutoryDamagesTail };
}
