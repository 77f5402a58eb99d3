import { z } from 'zod';
import { text } from './text.ts';
import { FACTORS, FACTOR_ANSWERS, FACTOR_IDS } from '../engine/factors.ts';
import type { FactorId } from '../engine/factors.ts';
import { FRAMEWORK_IDS, FRAMEWORK_STATUSES, NIST_CSF_FUNCTIONS } from '../engine/frameworks.ts';
import type { FrameworkId } from '../engine/frameworks.ts';
import { INDUSTRIES } from '../engine/industries.ts';
import type { IndustryId } from '../engine/industries.ts';
import { LOSS_SCENARIO_IDS } from '../engine/loss-scenarios.ts';

/**
 * zod schemas of the risk engine's inputs, checked at the edges
 * (HTTP, CLI, files). The engine re-checks ranges with RangeErrors; these
 * schemas give field-path messages first.
 */

const IsoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');
const CountSchema = z.number().int().min(0).max(1e10);
const IndustrySchema = z.enum(INDUSTRIES.map((i) => i.id) as [IndustryId, ...IndustryId[]]);

const factorShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, z.enum(FACTOR_ANSWERS).optional()])) as {
  [F in FactorId]: z.ZodOptional<z.ZodEnum<{ [A in (typeof FACTOR_ANSWERS)[number]]: A }>>;
};

const nistTiersShape = Object.fromEntries(NIST_CSF_FUNCTIONS.map((fn) => [fn, z.number().int().min(1).max(4).optional()])) as {
  [F in (typeof NIST_CSF_FUNCTIONS)[number]]: z.ZodOptional<z.ZodNumber>;
};

/** Status of one compliance framework. */
export const FrameworkStateSchema = z.strictObject({
  status: z.enum(FRAMEWORK_STATUSES),
  since: IsoDateSchema.optional(),
  nistCsfTiers: z.strictObject(nistTiersShape).optional(),
});

const frameworkShape = Object.fromEntries(FRAMEWORK_IDS.map((id) => [id, FrameworkStateSchema.optional()])) as {
  [F in FrameworkId]: z.ZodOptional<typeof FrameworkStateSchema>;
};

/** The organisation's own annual cost of a control, used instead of the typical SME band (at least $1: a saving per dollar needs a price). */
const controlCostOverridesShape = Object.fromEntries(FACTOR_IDS.map((id) => [id, z.strictObject({ annualUsd: z.number().min(1).max(1e10) }).optional()])) as {
  [F in FactorId]: z.ZodOptional<z.ZodObject<{ annualUsd: z.ZodNumber }, z.core.$strict>>;
};

const notApplicableFactors = new Set<string>(FACTORS.filter((f) => f.allowsNotApplicable).map((f) => f.id));

/** The organisation profile. */
export const OrganisationProfileSchema = z.strictObject({
  name: text().max(200).optional(),
  industry: IndustrySchema,
  employees: z.number().int().min(1).max(100_000),
  annualRevenueUsd: z.number().min(1_000).max(1e13),
  records: z.strictObject({ personal: CountSchema, health: CountSchema, paymentCard: CountSchema, consumerFinancial: CountSchema }),
  holdsEuResidentsData: z.boolean(),
  holdsCaliforniaResidentsData: z.boolean(),
  isPubliclyTraded: z.boolean(),
});

/** Input of `assessRisk` (engine type `RiskInput`). */
export const RiskInputSchema = z
  .strictObject({
    organisation: OrganisationProfileSchema,
    factors: z.strictObject(factorShape),
    frameworks: z.strictObject(frameworkShape),
    insurance: z
      .strictObject({
        limitUsd: z.number().min(0).max(1e12),
        retentionUsd: z.number().min(0).max(1e12),
        coinsuranceShare: z.number().min(0).max(0.99).optional(),
      })
      .optional(),
    asOfDate: IsoDateSchema.optional(),
    controlCostOverrides: z.strictObject(controlCostOverridesShape).optional(),
  })
  .superRefine((input, ctx) => {
    for (const [id, answer] of Object.entries(input.factors)) {
      if (answer === 'notApplicable' && !notApplicableFactors.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['factors', id], message: `"notApplicable" is not allowed for ${id}` });
      }
    }
  });
/** Input of `assessRisk`, as parsed. */
export type RiskInputParsed = z.infer<typeof RiskInputSchema>;

/** Options of `assessRisk` accepted from outside (CLI, API). */
export const AssessRiskOptionsSchema = z.strictObject({
  iterations: z.number().int().min(1_000).max(10_000_000).optional(),
  precision: z.enum(['standard', 'board']).optional(),
  seed: z.number().int().min(0).max(0xffff_ffff).optional(),
  attribution: z.boolean().optional(),
});

/** Input of the low-level primitive `simulateAnnualLoss`. */
export const SimulateAnnualLossInputSchema = z.strictObject({
  frequency: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('poisson'), rate: z.number().min(0).max(1_000) }),
    z.strictObject({ kind: z.literal('negativeBinomial'), mean: z.number().min(0).max(1_000), dispersion: z.number().positive().max(1e6) }),
  ]),
  severity: z.strictObject({
    kind: z.literal('lognormal'),
    median: z.number().positive().max(1e13),
    sigma: z.number().min(0).max(10),
    cap: z.number().positive().max(1e15).optional(),
  }),
  iterations: z.number().int().min(1).max(10_000_000).default(100_000),
  seed: z.number().int().min(0).max(0xffff_ffff).default(1),
});
/** Input of `simulateAnnualLoss`, as parsed (iterations and seed defaulted). */
export type SimulateAnnualLossInputParsed = z.infer<typeof SimulateAnnualLossInputSchema>;

const Usd = z.number();
const PercentilesSchema = z.looseObject({ p50: Usd, p90: Usd, p95: Usd, p99: Usd });
const UncertaintyRangeSchema = z.looseObject({ low: Usd, central: Usd, high: Usd });
const RequiredReasonSchema = z.looseObject({ source: z.enum(['framework', 'insurance']), framework: z.enum(FRAMEWORK_IDS).optional(), reason: z.string() });
/** Added in 3.0.0 (ADR 223): a saving split over the named loss scenarios. */
const SavingByScenarioSchema = z.array(z.looseObject({ scenarioId: z.enum(LOSS_SCENARIO_IDS), annualLossReductionUsd: Usd })).optional();
const LossScenarioResultSchema = z.looseObject({
  id: z.enum(LOSS_SCENARIO_IDS),
  label: z.string(),
  expectedAnnualLossUsd: Usd,
  share: z.number(),
  annualProbability: z.number().min(0).max(1),
  medianCostIfItHappensUsd: Usd,
  p95CostIfItHappensUsd: Usd,
  costBreakdown: z.array(z.looseObject({ category: z.string(), expectedAnnualUsd: Usd })),
});
const RecommendationSchema = z.looseObject({
  rank: z.number().int(),
  factorId: z.enum(FACTOR_IDS),
  factorName: z.string(),
  action: z.string(),
  annualLossReductionUsd: Usd,
  annualCostUsd: z.looseObject({ lowUsd: Usd, highUsd: Usd, midUsd: Usd }),
  returnOnSecurityInvestment: z.number(),
  paybackMonths: z.number().nullable(),
  reductionPerDollar: z.number(),
  /** Model 1.0.0 only. */
  p95ReductionUsd: Usd.optional(),
  /** Model 2.0.0 and later. */
  expectedShortfall99ReductionUsd: Usd.optional(),
  p99ReductionUsd: Usd.optional(),
  /** Added after 2.0.0 (ADR 211): why the control is required whatever its return. */
  required: z.array(RequiredReasonSchema).optional(),
  savingByScenario: SavingByScenarioSchema,
});

const FixPlanSchema = z.looseObject({
  expectedLossBeforeUsd: Usd,
  steps: z.array(
    z.looseObject({
      factorId: z.enum(FACTOR_IDS),
      factorName: z.string(),
      annualCostUsd: Usd,
      expectedLossAfterUsd: Usd,
      stepSavingUsd: Usd,
      cumulativeSavingUsd: Usd,
      cumulativeAnnualCostUsd: Usd,
      required: z.array(RequiredReasonSchema),
      savingByScenario: SavingByScenarioSchema,
    }),
  ),
  expectedLossAfterUsd: Usd,
  totalSavingUsd: Usd,
  totalAnnualCostUsd: Usd,
  paybackMonths: z.number().nullable(),
});

/**
 * A stored result of any engine version (ADR 104): every figure the product
 * shows from a stored assessment, with the fields added in 2.0.0 optional so a
 * 1.0.0 result still parses and opens with its original figures. Unknown
 * extra fields are kept (loose objects), so nothing stored is dropped.
 */
export const StoredRiskResultSchema = z.looseObject({
  engineVersion: z.string().regex(/^\d+\.\d+\.\d+$/),
  seed: z.number().int(),
  iterations: z.number().int().positive(),
  profile: z.looseObject({ name: z.string().nullable(), industry: IndustrySchema, employees: z.number(), annualRevenueUsd: z.number() }),
  factorAnswers: z.record(z.enum(FACTOR_IDS), z.enum(FACTOR_ANSWERS)),
  assumedFactors: z.array(z.enum(FACTOR_IDS)),
  warnings: z.array(z.looseObject({ code: z.string(), message: z.string() })),
  annualLoss: z.looseObject({
    expectedUsd: Usd,
    standardErrorUsd: Usd,
    probabilityOfAnyLoss: z.number().min(0).max(1),
    percentilesUsd: PercentilesSchema,
    valueAtRisk95Usd: Usd,
    valueAtRisk99Usd: Usd,
    expectedShortfall99Usd: Usd,
    years: z.number().int(),
  }),
  probabilityOfAnyEvent: z.number().min(0).max(1),
  costIfItHappens: z.looseObject({ eventCount: z.number().int(), meanUsd: Usd, percentilesUsd: PercentilesSchema }),
  lossExceedanceCurve: z.array(z.looseObject({ lossUsd: Usd, probability: z.number() })),
  costBreakdown: z.array(z.looseObject({ category: z.string(), label: z.string(), expectedAnnualUsd: Usd, share: z.number() })),
  // Added in 3.0.0 (ADR 223); results stored before it have none:
  lossScenarios: z.array(LossScenarioResultSchema).optional(),
  riskScore: z.looseObject({ score: z.number(), band: z.string(), bandLabel: z.string() }),
  insurance: z.looseObject({ expectedNetAnnualLossUsd: Usd, expectedRecoveredAnnualUsd: Usd }).nullable(),
  recommendations: z.array(RecommendationSchema).nullable(),
  // Added in 2.0.0:
  recommendationsNotWorthIt: z.array(RecommendationSchema).nullable().optional(),
  // Added in 3.1.0 (ADR 312); the repository reads it into results stored before it (src/engine/result-shape.ts):
  requiredControls: z.array(RecommendationSchema).nullable().optional(),
  // Added after 2.0.0 (ADR 211); results stored before it have none:
  fixPlan: FixPlanSchema.nullable().optional(),
  unknownFactors: z.array(z.looseObject({ factorId: z.enum(FACTOR_IDS), expectedAnnualLossIfBestUsd: Usd, expectedAnnualLossIfWorstUsd: Usd })).optional(),
  precision: z
    .looseObject({
      mode: z.enum(['standard', 'board', 'fixed']),
      targetRelativeStandardError: z.number().nullable(),
      relativeStandardError: z.number(),
      iterationsUsed: z.number().int(),
      maxIterations: z.number().int().nullable(),
      isTargetMet: z.boolean(),
    })
    .optional(),
  insuranceView: z
    .looseObject({
      oneInHundredYearLossUsd: Usd,
      expectedShortfall99Usd: Usd,
      policyLimitUsd: Usd.nullable(),
      expectedRecoveredAnnualUsd: Usd,
      recoveredInOneInHundredYearUsd: Usd,
      coveredShareOfOneInHundredYear: z.number(),
      uncoveredInOneInHundredYearUsd: Usd,
      limitToCoverOneInHundredYearUsd: Usd,
      // Added in 3.1.0 (ADR 266): the worst 1% of years pooled; results stored before it have neither.
      worstYearsUninsuredAverageUsd: Usd.optional(),
    })
    .optional(),
  // Added in 3.0.0 (ADR 199): the spread due to the calibration's own parameters, apart from simulation precision.
  parameterUncertainty: z
    .looseObject({
      level: z.number(),
      outerDraws: z.number().int(),
      method: z.string(),
      expectedAnnualLossUsd: UncertaintyRangeSchema,
      oneInTwentyYearUsd: UncertaintyRangeSchema,
      oneInHundredYearUsd: UncertaintyRangeSchema,
      sources: z.array(z.looseObject({ parameter: z.string(), range: z.string(), source: z.string() })),
      // Added in 3.1.0 (ADR 264): the bridge between IRIS significant incidents and NetDiligence claims.
      populationBridge: z.looseObject({ irisMedianUsd: Usd, modelMedianUsd: Usd, ratio: z.number() }).optional(),
    })
    .optional(),
  unknownAnswersRangeUsd: z.looseObject({ low: Usd, high: Usd }).optional(),
});
/** A stored result as parsed (1.0.0 or later). */
export type StoredRiskResult = z.infer<typeof StoredRiskResultSchema>;

/** True when a stored result was computed by the current model's major version. */
export function isCurrentModel(result: Pick<StoredRiskResult, 'engineVersion'>, currentVersion: string): boolean {
  return result.engineVersion.split('.')[0] === currentVersion.split('.')[0];
}
