import { FACTORS, FACTOR_ANSWERS, FACTOR_IDS } from './factors.ts';
import { FRAMEWORK_IDS, FRAMEWORK_STATUSES, NIST_CSF_FUNCTIONS } from './frameworks.ts';
import { INDUSTRY_IDS } from './industries.ts';
import type { RiskInput } from './risk-input.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws RangeError(`${name}: ...`) unless value is a finite number in [min, max] (and an integer if asked). */
export function requireNumber(value: unknown, name: string, min: number, max: number, isInteger = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`${name}: must be a finite number, got ${String(value)}`);
  if (isInteger && !Number.isInteger(value)) throw new RangeError(`${name}: must be an integer, got ${value}`);
  if (value < min || value > max) throw new RangeError(`${name}: must be between ${min} and ${max}, got ${value}`);
  return value;
}

function requireBoolean(value: unknown, name: string): void {
  if (typeof value !== 'boolean') throw new RangeError(`${name}: must be true or false, got ${String(value)}`);
}

function requireIsoDate(value: unknown, name: string): void {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new RangeError(`${name}: must be an ISO date (YYYY-MM-DD), got ${String(value)}`);
  }
}

/**
 * Checks a RiskInput once at the public entry and throws a RangeError whose
 * message starts with the path of the offending parameter (e.g.
 * "organisation.employees: must be between 1 and 100000, got 0"). The zod
 * schema in src/contracts/risk.ts checks the same shape at the HTTP edge.
 */
export function validateRiskInput(input: unknown): asserts input is RiskInput {
  if (!isRecord(input)) throw new RangeError('input: must be an object');
  const org = input['organisation'];
  if (!isRecord(org)) throw new RangeError('organisation: must be an object');
  if (!(INDUSTRY_IDS as readonly unknown[]).includes(org['industry'])) {
    throw new RangeError(`organisation.industry: must be one of ${INDUSTRY_IDS.join(', ')}, got ${String(org['industry'])}`);
  }
  requireNumber(org['employees'], 'organisation.employees', 1, 100_000, true);
  requireNumber(org['annualRevenueUsd'], 'organisation.annualRevenueUsd', 1_000, 1e13);
  const records = org['records'];
  if (!isRecord(records)) throw new RangeError('organisation.records: must be an object');
  for (const key of ['personal', 'health', 'paymentCard', 'consumerFinancial']) {
    requireNumber(records[key], `organisation.records.${key}`, 0, 1e10, true);
  }
  requireBoolean(org['holdsEuResidentsData'], 'organisation.holdsEuResidentsData');
  requireBoolean(org['holdsCaliforniaResidentsData'], 'organisation.holdsCaliforniaResidentsData');
  requireBoolean(org['isPubliclyTraded'], 'organisation.isPubliclyTraded');
  if (org['name'] !== undefined && typeof org['name'] !== 'string') throw new RangeError('organisation.name: must be a string');

  const factors = input['factors'];
  if (!isRecord(factors)) throw new RangeError('factors: must be an object');
  for (const [id, answer] of Object.entries(factors)) {
    const factor = FACTORS.find((f) => f.id === id);
    if (factor === undefined) throw new RangeError(`factors.${id}: unknown factor (expected M1-M11 or A1-A8)`);
    if (answer === undefined) continue;
    if (!(FACTOR_ANSWERS as readonly unknown[]).includes(answer)) {
      throw new RangeError(`factors.${id}: must be one of ${FACTOR_ANSWERS.join(', ')}, got ${String(answer)}`);
    }
    if (answer === 'notApplicable' && !factor.allowsNotApplicable) throw new RangeError(`factors.${id}: "notApplicable" is not allowed for this factor`);
  }

  const frameworks = input['frameworks'];
  if (!isRecord(frameworks)) throw new RangeError('frameworks: must be an object');
  for (const [id, state] of Object.entries(frameworks)) {
    if (!(FRAMEWORK_IDS as readonly string[]).includes(id)) throw new RangeError(`frameworks.${id}: unknown framework (expected ${FRAMEWORK_IDS.join(', ')})`);
    if (state === undefined) continue;
    if (!isRecord(state)) throw new RangeError(`frameworks.${id}: must be an object`);
    if (!(FRAMEWORK_STATUSES as readonly unknown[]).includes(state['status'])) {
      throw new RangeError(`frameworks.${id}.status: must be one of ${FRAMEWORK_STATUSES.join(', ')}, got ${String(state['status'])}`);
    }
    if (state['since'] !== undefined) requireIsoDate(state['since'], `frameworks.${id}.since`);
    const tiers = state['nistCsfTiers'];
    if (tiers !== undefined) {
      if (id !== 'nistCsf' || !isRecord(tiers)) throw new RangeError(`frameworks.${id}.nistCsfTiers: only allowed for nistCsf, as an object`);
      for (const [fn, tier] of Object.entries(tiers)) {
        if (!(NIST_CSF_FUNCTIONS as readonly string[]).includes(fn)) throw new RangeError(`frameworks.nistCsf.nistCsfTiers.${fn}: unknown function`);
        if (tier !== undefined) requireNumber(tier, `frameworks.nistCsf.nistCsfTiers.${fn}`, 1, 4, true);
      }
    }
  }

  const insurance = input['insurance'];
  if (insurance !== undefined) {
    if (!isRecord(insurance)) throw new RangeError('insurance: must be an object');
    requireNumber(insurance['limitUsd'], 'insurance.limitUsd', 0, 1e12);
    requireNumber(insurance['retentionUsd'], 'insurance.retentionUsd', 0, 1e12);
    if (insurance['coinsuranceShare'] !== undefined) requireNumber(insurance['coinsuranceShare'], 'insurance.coinsuranceShare', 0, 0.99);
  }
  if (input['asOfDate'] !== undefined) requireIsoDate(input['asOfDate'], 'asOfDate');
  if (input['controlCostOverrides'] !== undefined) validateControlCostOverrides(input['controlCostOverrides']);
}

/** The organisation's own control costs: known factors, each a positive annual figure (a saving per dollar needs a price). */
function validateControlCostOverrides(overrides: unknown): void {
  if (!isRecord(overrides)) throw new RangeError('controlCostOverrides: must be an object');
  for (const [id, override] of Object.entries(overrides)) {
    if (!(FACTOR_IDS as readonly string[]).includes(id)) throw new RangeError(`controlCostOverrides.${id}: unknown factor (expected M1-M11 or A1-A8)`);
    if (override === undefined) continue;
    if (!isRecord(override)) throw new RangeError(`controlCostOverrides.${id}: must be an object`);
    requireNumber(override['annualUsd'], `controlCostOverrides.${id}.annualUsd`, 1, 1e10);
  }
}
