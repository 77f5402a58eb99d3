import type { CalibrationKey } from './calibration/calibration.ts';

/** One industry: which IRIS25 frequency and IBM severity anchors it uses. */
interface IndustryDefinition {
  readonly id: string;
  readonly label: string;
  /** Calibration key of the IRIS25 annual incident probability for the sector. */
  readonly frequencyKey: CalibrationKey;
  /** Calibration key of the IBM industry severity multiplier. */
  readonly severityKey: CalibrationKey;
}

/** Industries the questionnaire offers (the first three are the calibrated focus). */
export const INDUSTRIES = [
  { id: 'healthcare', label: 'Healthcare', frequencyKey: 'frequencyIndustryHealthcare', severityKey: 'industrySeverityHealthcare' },
  { id: 'financialServices', label: 'Financial services', frequencyKey: 'frequencyIndustryFinancial', severityKey: 'industrySeverityFinancial' },
  { id: 'manufacturing', label: 'Manufacturing', frequencyKey: 'frequencyIndustryManufacturing', severityKey: 'industrySeverityManufacturing' },
  { id: 'professionalServices', label: 'Professional services', frequencyKey: 'frequencyIndustryProfessional', severityKey: 'industrySeverityOther' },
  { id: 'retail', label: 'Retail', frequencyKey: 'frequencyIndustryRetail', severityKey: 'industrySeverityOther' },
  { id: 'technology', label: 'Technology', frequencyKey: 'frequencyIndustryInformation', severityKey: 'industrySeverityOther' },
  { id: 'education', label: 'Education', frequencyKey: 'frequencyProbabilityTypicalOrg', severityKey: 'industrySeverityOther' },
  { id: 'publicSector', label: 'Public sector', frequencyKey: 'frequencyIndustryPublic', severityKey: 'industrySeverityOther' },
  { id: 'other', label: 'Other', frequencyKey: 'frequencyProbabilityTypicalOrg', severityKey: 'industrySeverityOther' },
] as const satisfies readonly IndustryDefinition[];

/** Industry identifiers. */
export const INDUSTRY_IDS = INDUSTRIES.map((i) => i.id);
/** An industry identifier. */
export type IndustryId = (typeof INDUSTRIES)[number]['id'];

/** The definition of one industry. */
export function getIndustry(id: IndustryId): IndustryDefinition {
  const industry = INDUSTRIES.find((i) => i.id === id);
  if (industry === undefined) throw new RangeError(`organisation.industry: unknown industry ${String(id)}`);
  return industry;
}
