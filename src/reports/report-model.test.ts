import { controlName } from './control-names.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { assessRisk } from '@/engine/assess-risk.ts';
import { getFactor } from '@/engine/factors.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { formatUsdExact, formatUsdShort } from './format.ts';
import { runModelRunsHere } from './model-runs.ts';
import { readResult } from './read-result.ts';
import { buildReportModel, reportRuns } from './report-model.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';

const source = buildSampleReportSource();
const model = buildReportModelHere(source);
const result = source.assessment.result;
// A result stored by model 1.0.0 (examples/clinic-120.json), captured before engine 2.0 (ADR 104).
const storedV1 = StoredRiskResultSchema.parse(
  JSON.parse(readFileSync(new URL('../contracts/fixtures/risk-result-1.0.0.json', import.meta.url), 'utf8')),
);
const clinic = JSON.parse(readFileSync(new URL('../../examples/clinic-120.json', import.meta.url), 'utf8')) as RiskInput;

describe('report model', () => {
  test('has 8-12 parts, each with a title, a takeaway and speaker notes', () => {
    expect(model.slides.length).toBeGreaterThanOrEqual(8);
    expect(model.slides.length).toBeLessThanOrEqual(12);
    expect(model.slides.map((s) => s.id)).toEqual([
      'title',
      'headline',
      'exceedance',
      'costBreakdown',
      'scenarios',
      'drivers',
      'fixes',
      'decision',
      'fines',
      'insurance',
      'whatChanged',
      'method',
    ]);
    for (const slide of model.slides) {
      expect(slide.title.length).toBeGreaterThan(3);
      expect(slide.takeaway.length).toBeGreaterThan(10);
      expect(slide.notes.length).toBeGreaterThan(40);
    }
  });

  test('the headline is the stored result, and the exact figure is printed in whole dollars', () => {
    expect(model.headline.aleUsd).toBe(result.annualLoss.expectedUsd);
    expect(model.headline.probabilityOfAnyEvent).toBe(result.probabilityOfAnyEvent);
    expect(model.headline.badYearUsd).toBe(result.annualLoss.percentilesUsd.p95);
    expect(model.headline.aleHighUsd - model.headline.aleUsd).toBeCloseTo(1.96 * result.annualLoss.standardErrorUsd, 6);
    expect(model.slides[1]?.bullets[0]).toContain(formatUsdExact(result.annualLoss.expectedUsd));
  });

  test('title names the organisation assessed, date and author; file stem names that organisation and date', () => {
    expect(model.meta.title).toBe('Cyber risk board report: Riverside Family Clinic (sample)');
    expect(model.meta.completedOn).toBe('20 November 2026');
    expect(model.meta.authorName).toBe('Dana Whitfield');
    expect(model.meta.fileStem).toBe('riverside-family-clinic-sample-2026-11-22');
  });

  // ADR 217: the report is prepared for the organisation named in step 1, not for the signed-in account's company.
  test("names the organisation assessed and never the account's company", () => {
    const assessment = {
      ...source.assessment,
      input: { ...source.assessment.input, organisation: { ...source.assessment.input.organisation, name: 'Harbour Credit Union' } },
    };
    const forClient = buildReportModelHere({
      ...source,
      organisationName: 'Bar Check Co',
      assessment: {
        ...assessment,
        result: { ...assessment.result, profile: { ...assessment.result.profile, name: 'Harbour Credit Union' } },
      },
    });
    expect(forClient.meta.organisationName).toBe('Harbour Credit Union');
    expect(forClient.meta.title).toBe('Cyber risk board report: Harbour Credit Union');
    expect(forClient.meta.fileStem).toBe('harbour-credit-union-2026-11-22');
    expect(forClient.slides[0]?.title).toBe('Cyber risk in dollars: Harbour Credit Union');
    expect(forClient.slides[0]?.bullets[0]).toBe('Prepared for Harbour Credit Union by Dana Whitfield');
    expect(JSON.stringify(forClient)).not.toContain('Bar Check');
  });

  test("falls back to the account's organisation only when the assessment names none", () => {
    const unnamed = { ...source.assessment.result, profile: { ...source.assessment.result.profile, name: null } };
    const fallback = buildReportModelHere({
      ...source,
      organisationName: 'Bar Check Co',
      assessment: { ...source.assessment, result: unnamed },
    });
    expect(fallback.meta.organisationName).toBe('Bar Check Co');
    const blank = buildReportModelHere({ ...source, organisationName: ' ', assessment: { ...source.assessment, result: unnamed } });
    expect(blank.meta.organisationName).toBe('Your organisation');
  });

  test('the top fixes and drivers come from the stored recommendations and attribution', () => {
    // Only fixes that save more than they cost at the top of their price range are top fixes (ADR 220).
    const paying = (result.recommendations ?? []).filter((r) => r.annualLossReductionUsd >= r.annualCostUsd.highUsd);
    expect(model.fixes.map((f) => f.name)).toEqual(paying.slice(0, 5).map((r) => r.factorName));
    expect(model.fixes.map((f) => f.rank)).toEqual(paying.slice(0, 5).map((_r, i) => i + 1));
    const widest = [...(result.attribution?.oneAtATime ?? [])].sort(
      (a, b) => b.deltaToWorstUsd - b.deltaToBestUsd - (a.deltaToWorstUsd - a.deltaToBestUsd),
    )[0];
    expect(model.drivers[0]?.factorId).toBe(widest?.factorId);
  });

  test('model 2.0 figures: the 1-in-100 insurance view, precision, and fixes with their tail reductions', () => {
    const one = result.insuranceView;
    expect(model.oneInHundred?.oneInHundredYearLossUsd).toBe(one.oneInHundredYearLossUsd);
    expect(model.oneInHundred?.limitToCoverOneInHundredYearUsd).toBe(one.limitToCoverOneInHundredYearUsd);
    expect(model.headline.expectedShortfall99Usd).toBe(result.annualLoss.expectedShortfall99Usd);
    expect(model.precision.standardErrorShare).toBe(result.precision.relativeStandardError);
    const insurance = model.slides.find((s) => s.id === 'insurance');
    // The $2M policy is above what a 1-in-100 year needs: the advice never reads as "lower it" without calling that a cut.
    expect(insurance?.bullets.join('\n')).toContain(
      `already pays everything insurable in a 1-in-100 year (that needs ${formatUsdExact(Math.round(one.limitToCoverOneInHundredYearUsd))})`,
    );
    expect(insurance?.bullets.join('\n')).toContain('Any lower limit would be a cut in cover');
    expect(insurance?.bullets.join('\n')).not.toMatch(/not available/);
    const shown = model.notWorthIt?.fixes[0];
    const stored = result.recommendationsNotWorthIt?.find((r) => controlName(r.factorId) === shown?.name);
    expect(shown?.expectedShortfall99ReductionUsd).toBe(stored?.expectedShortfall99ReductionUsd);
    expect(shown?.p99ReductionUsd).toBe(stored?.p99ReductionUsd);
  });

  test('controls not worth it at typical prices are listed apart, never as fixes', () => {
    // A control required regardless of return is never called "not worth it" (it is on the decision slide).
    const notWorthIt = (result.recommendationsNotWorthIt ?? []).filter((r) => r.required.length === 0);
    expect(notWorthIt.length).toBeGreaterThan(0);
    expect(model.notWorthIt?.fixes.map((f) => f.name)).toEqual(notWorthIt.map((r) => controlName(r.factorId)));
    const fixNames = new Set(model.fixes.map((f) => f.name));
    for (const r of notWorthIt) expect(fixNames.has(controlName(r.factorId))).toBe(false);
    for (const f of model.fixes) expect(f.returnOnSecurityInvestment).toBeGreaterThanOrEqual(0);
    if (model.fixes.length > 0)
      expect(model.slides.find((s) => s.id === 'fixes')?.bullets.at(-1)).toMatch(/^Not worth it at typical prices/);
  });

  test('"not known" answers are named where the range is explained, with how far each moves the expected loss', () => {
    // No framework evidence, so nothing fills the unknown answers in.
    const input: RiskInput = {
      ...SAMPLE_CLINIC_INPUT,
      frameworks: {},
      factors: { ...SAMPLE_CLINIC_INPUT.factors, M1: 'unknown', M3: 'unknown' },
    };
    const unknownResult = assessRisk(input, { iterations: 5_000, attribution: false });
    const built = buildReportModelHere({ ...source, assessment: { ...source.assessment, input, result: unknownResult }, whatChanged: null });
    expect(built.unknownFactors.map((u) => u.factorId).sort()).toEqual(['M1', 'M3']);
    const m1 = unknownResult.unknownFactors.find((u) => u.factorId === 'M1')!;
    expect(built.unknownFactors.find((u) => u.factorId === 'M1')).toMatchObject({
      ifBestUsd: m1.expectedAnnualLossIfBestUsd,
      ifWorstUsd: m1.expectedAnnualLossIfWorstUsd,
    });
    const line = built.slides
      .find((s) => s.id === 'headline')
      ?.bullets.find((b) => b.startsWith('Answers given as "I don\'t know" add a range'));
    expect(line).toContain(
      `${getFactor('M1').name} ${formatUsdShort(m1.expectedAnnualLossIfBestUsd)} to ${formatUsdShort(m1.expectedAnnualLossIfWorstUsd)}`,
    );
    expect(line).not.toMatch(/\bM1\b/);
    expect(built.method.limits.join('\n')).toContain(
      `${getFactor('M1').name} (expected loss ${formatUsdShort(m1.expectedAnnualLossIfBestUsd)} if best practice, ${formatUsdShort(m1.expectedAnnualLossIfWorstUsd)} if weakest)`,
    );
    expect(model.unknownFactors).toEqual([]);
  });

  test('a stored model 1.0.0 result keeps its figures; what it does not store is reported as not available, never invented', () => {
    const view = readResult(storedV1);
    expect(view.isCurrentModel).toBe(false);
    expect(view.oneInHundred).toBeNull();
    expect(view.recommendationsNotWorthIt).toBeNull();
    expect(view.derivation).toBeNull();
    expect(view.precision).toBeNull();
    expect(view.unknownFactors).toEqual([]);
    const old = buildReportModelHere({
      ...source,
      assessment: { ...source.assessment, input: clinic, result: storedV1 as unknown as RiskResult },
      whatChanged: null,
    });
    expect(old.headline.aleUsd).toBe(storedV1.annualLoss.expectedUsd);
    expect(old.meta.engineVersion).toBe('1.0.0');
    expect(old.notWorthIt).toBeNull();
    expect(old.slides.find((s) => s.id === 'insurance')?.bullets).toContain(
      'The limit that would cover a 1-in-100 year: not available for model 1.0.0.',
    );
    expect(old.costBreakdown.map((c) => c.label)).toEqual(storedV1.costBreakdown.map((c) => c.label));
    expect(old.method.steps).toHaveLength(1);
    expect(old.method.steps[0]?.text).toContain('risk model 1.0.0');
  });

  test('without an earlier assessment the what-changed part says it is the baseline', () => {
    const first = buildReportModelHere({ ...source, whatChanged: null });
    expect(first.slides.find((s) => s.id === 'whatChanged')?.takeaway).toMatch(/first completed assessment/);
  });
});

describe("the report's own engine runs (ADR 323)", () => {
  const { input } = source.assessment;
  const runs = reportRuns(input, result, null);

  test('are listed, not run: the typical peer and one run per distinct set of option controls, each option read from its run', () => {
    const options = model.keyFigures.options?.options ?? [];
    const controlSets = new Set(options.filter((o) => o.controls.length > 0).map((o) => o.controls.map((c) => c.factorId).sort().join(',')));
    expect(Object.keys(runs).sort()).toEqual(['peer', ...[...controlSets].map((set) => `option:${set}`)].sort());
    for (const option of options.filter((o) => o.controls.length > 0)) {
      const run = runs[`option:${option.controls.map((c) => c.factorId).sort().join(',')}`]!;
      const direct = assessRisk(run.input, run.options);
      expect(option.expectedLossLeftUsd).toBe(Math.round(direct.annualLoss.expectedUsd));
      for (const c of option.controls) expect(run.input.factors[c.factorId]).toBe('best');
    }
  });

  test('a report built without the results of its runs fails instead of printing made-up figures', () => {
    expect(() => buildReportModel(source, {})).toThrow(/engine run "(peer|option:[^"]*)" was not given/);
    expect(() => buildReportModel(source, runModelRunsHere(runs))).not.toThrow();
  });
});
