import { z } from 'zod';

/**
 * The organisation's cyber-insurance policy and risk appetite (ADR 218): entered once on
 * /risk-profile, copied into each assessment completed afterwards, and read by the reports'
 * coverage figures (src/reports/coverage.ts).
 */

/** Whole dollars up to the engine's own ceiling for insurance amounts (validate-risk-input.ts). */
const MAX_USD = 1e12;
const Dollars = (label: string, least: 0 | 1 = 0) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole dollars`)
    .min(least, least === 0 ? `${label} cannot be negative` : `${label} must be at least $1`)
    .max(MAX_USD, `${label} must be at most $1,000,000,000,000`);

/** Sub-limits of a cyber policy that the board asks about; each is optional (not every policy has one). */
export const SUB_LIMIT_IDS = ['ransomware', 'fundsTransferFraud', 'regulatoryFines'] as const;
export type SubLimitId = (typeof SUB_LIMIT_IDS)[number];
export const SUB_LIMIT_LABELS = {
  ransomware: 'Ransomware and extortion',
  fundsTransferFraud: 'Funds-transfer fraud',
  regulatoryFines: 'Regulatory fines and penalties',
} as const satisfies Record<SubLimitId, string>;

export const SubLimitsSchema = z.strictObject({
  ransomware: Dollars('The ransomware sub-limit').nullable(),
  fundsTransferFraud: Dollars('The funds-transfer fraud sub-limit').nullable(),
  regulatoryFines: Dollars('The regulatory fines sub-limit').nullable(),
});
export type SubLimits = z.infer<typeof SubLimitsSchema>;

const PolicyShape = z.strictObject({
  /** Annual aggregate limit of liability. */
  limitUsd: Dollars('The aggregate limit', 1),
  /** Retention (deductible) per incident. */
  retentionUsd: Dollars('The retention'),
  /** Share of each covered loss the organisation keeps, in [0, 0.99] (the engine's range). */
  coinsuranceShare: z.number().min(0, 'Co-insurance cannot be negative').max(0.99, 'Co-insurance must be below 100%'),
  subLimits: SubLimitsSchema,
});

/** A sub-limit is part of the aggregate limit, so it can never be larger than it. */
export const InsurancePolicySchema = PolicyShape.superRefine((policy, context) => {
  for (const id of SUB_LIMIT_IDS) {
    const amount = policy.subLimits[id];
    if (amount !== null && amount > policy.limitUsd) {
      context.addIssue({
        code: 'custom',
        path: ['subLimits', id],
        message: `${SUB_LIMIT_LABELS[id]} sub-limit cannot be larger than the aggregate limit`,
      });
    }
  }
});
export type InsurancePolicyEntry = z.infer<typeof InsurancePolicySchema>;

/** The settings as stored and as a completed assessment keeps them. */
export const RiskProfileSettingsSchema = z.strictObject({
  /** null: the organisation has no cyber policy (or has not entered it). */
  policy: InsurancePolicySchema.nullable(),
  /** The loss in one year the organisation says it can absorb; null: not set. */
  appetiteUsd: Dollars('The risk appetite', 1).nullable(),
  /** What the organisation will spend a year on controls: option C of the decision (ADR 270); absent or null: a default of 1% of revenue. */
  budgetUsd: Dollars('The security budget', 1).nullable().optional(),
});
export type RiskProfileSettings = z.infer<typeof RiskProfileSettingsSchema>;

/** PUT /api/risk-profile */
export const UpdateRiskProfileBodySchema = RiskProfileSettingsSchema;
export type UpdateRiskProfileBody = RiskProfileSettings;

/** GET and PUT /api/risk-profile */
export const RiskProfileSchema = z.object({
  policy: InsurancePolicySchema.nullable(),
  appetiteUsd: z.number().nullable(),
  budgetUsd: z.number().nullable().optional(),
  /** ISO time of the last change; null when never entered. */
  updatedAt: z.string().nullable(),
});
export type RiskProfile = z.infer<typeof RiskProfileSchema>;

/** Params of GET /api/risk-profile/assessments/:id/coverage */
export const CoverageParamsSchema = z.strictObject({ id: z.uuid('Assessment not found') });

const ChanceSchema = z.object({
  probability: z.number(),
  /** 'about': read off the loss curve; 'atLeast' / 'atMost': the appetite is outside the curve's range. */
  bound: z.enum(['about', 'atLeast', 'atMost']),
});

const BadYearSchema = z.object({
  /** 'oneInTwenty' (95th percentile year) or 'oneInHundred' (99th). */
  id: z.enum(['oneInTwenty', 'oneInHundred']),
  label: z.string(),
  beforeInsuranceUsd: z.number(),
  /** What stays with the organisation in such a year after insurance (the uninsured part). */
  uninsuredUsd: z.number(),
  /** null when no appetite is set. */
  isAboveAppetite: z.boolean().nullable(),
});

/** The coverage gap and appetite figures of one completed assessment: src/reports/coverage.ts computes them. */
export const CoverageSchema = z.object({
  policy: z
    .object({
      limitUsd: z.number(),
      retentionUsd: z.number(),
      coinsuranceShare: z.number(),
      /** What the policy pays in an average year (the engine's expected recovery). */
      expectedRecoveredAnnualUsd: z.number(),
      subLimits: z.array(z.object({ id: z.enum(SUB_LIMIT_IDS), label: z.string(), amountUsd: z.number() })),
    })
    .nullable(),
  badYears: z.array(BadYearSchema),
  /** A severe incident: the 95th percentile of one incident's cost. */
  severeIncident: z.object({
    costUsd: z.number(),
    insurerPaysUsd: z.number(),
    uninsuredUsd: z.number(),
    /** null without a policy. */
    isWithinLimit: z.boolean().nullable(),
  }),
  /** Aggregate limit that would pay everything insurable in the engine's 1-in-100 year; null for results of model 1. */
  limitToCoverOneInHundredYearUsd: z.number().nullable(),
  appetite: z.object({ amountUsd: z.number(), chanceOfExceeding: ChanceSchema, chanceText: z.string() }).nullable(),
  /** The loss curve the appetite is drawn on (before insurance). */
  lossCurve: z.array(z.object({ lossUsd: z.number(), probability: z.number() })),
  /** Plain-words sentences, the same in every format. */
  sentences: z.array(z.string()),
  subLimitNote: z.string().nullable(),
});
export type Coverage = z.infer<typeof CoverageSchema>;
