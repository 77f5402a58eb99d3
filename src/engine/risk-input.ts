import type { ControlCostOverrides } from './calibration/control-costs.ts';
import type { FactorAnswer, FactorId } from './factors.ts';
import type { FrameworkId, FrameworkStatus, NistCsfFunction } from './frameworks.ts';
import type { IndustryId } from './industries.ts';

/** Number of records held, by data type. */
export interface RecordsHeld {
  /** Personal data of customers, patients or employees (names, addresses, IDs). */
  readonly personal: number;
  /** Health data (protected health information). */
  readonly health: number;
  /** Payment card numbers. */
  readonly paymentCard: number;
  /** Consumer financial data (non-public personal information under GLBA). */
  readonly consumerFinancial: number;
}

/** The organisation profile. */
export interface OrganisationProfile {
  readonly name?: string;
  readonly industry: IndustryId;
  /** Headcount; 10-500 is the calibrated range, 1-100,000 is accepted and flagged. */
  readonly employees: number;
  /** Annual revenue in USD (drives the frequency and severity tiers and the per-event cap). */
  readonly annualRevenueUsd: number;
  readonly records: RecordsHeld;
  readonly holdsEuResidentsData: boolean;
  readonly holdsCaliforniaResidentsData: boolean;
  readonly isPubliclyTraded: boolean;
}

/** Status of one compliance framework. */
export interface FrameworkState {
  readonly status: FrameworkStatus;
  /** ISO date (YYYY-MM-DD) of the certificate, attestation or assessment, when compliant. */
  readonly since?: string;
  /** NIST CSF only: self-assessed tier per function, an integer 1-4 (checked at the entry). */
  readonly nistCsfTiers?: { readonly [F in NistCsfFunction]?: number };
}

/** Compliance frameworks by id; a missing framework means "not applicable". */
export type FrameworkStates = { readonly [F in FrameworkId]?: FrameworkState };

/** Factor answers by id; a missing answer is taken as `partial` (population average) and listed in the result. */
export type FactorAnswers = { readonly [F in FactorId]?: FactorAnswer };

/** An optional cyber-insurance policy (applied per event, with an annual aggregate limit). */
export interface InsurancePolicy {
  /** Annual aggregate limit of liability, USD. */
  readonly limitUsd: number;
  /** Retention (deductible) per event, USD. */
  readonly retentionUsd: number;
  /** Share of each covered loss the insured keeps, in [0, 1). Defaults to 0. */
  readonly coinsuranceShare?: number;
}

/** Everything `assessRisk` needs. */
export interface RiskInput {
  readonly organisation: OrganisationProfile;
  readonly factors: FactorAnswers;
  readonly frameworks: FrameworkStates;
  readonly insurance?: InsurancePolicy;
  /**
   * ISO date the assessment is made on. When given, a "compliant" framework
   * dated more than 12 months earlier no longer counts as evidence. When
   * omitted, dates are not checked (keeps results independent of the clock).
   */
  readonly asOfDate?: string;
  /**
   * The organisation's own annual cost of a control (USD, at least $1), used
   * by the recommendations and the fix plan instead of the typical SME band.
   */
  readonly controlCostOverrides?: ControlCostOverrides;
}
