import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { formatUsdExact } from './format.ts';
import { readResult } from './read-result.ts';
import { buildReportModel } from './report-model.ts';
import { buildSampleReportSource } from './test-fixtures.ts';

const source = buildSampleReportSource();
const model = buildReportModel(source);
const result = source.assessment.result;

describe('report model', () => {
  test('has 8-12 parts, each with a title, a takeaway and speaker notes', () => {
    expect(model.slides.length).toBeGreaterThanOrEqual(8);
    expect(model.slides.length).toBeLessThanOrEqual(12);
    expect(model.slides.map((s) => s.id)).toEqual(['title', 'headline', 'exceedance', 'costBreakdown', 'drivers', 'fixes', 'fines', 'insurance', 'whatChanged', 'method']);
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
    expect(model.slides[1]?.takeaway).toContain(formatUsdExact(result.annualLoss.expectedUsd));
  });

  test('title names organisation, date and author; file stem names organisation and date', () => {
    expect(model.meta.title).toBe('Cyber risk board report: Riverside Family Clinic');
    expect(model.meta.completedOn).toBe('20 November 2026');
    expect(model.meta.authorName).toBe('Dana Whitfield');
    expect(model.meta.fileStem).toBe('riverside-family-clinic-2026-11-22');
  });

  test('the top fixes and drivers come from the stored recommendations and attribution', () => {
    expect(model.fixes.map((f) => f.name)).toEqual((result.recommendations ?? []).slice(0, 5).map((r) => r.factorName));
    const widest = [...(result.attribution?.oneAtATime ?? [])].sort((a, b) => b.deltaToWorstUsd - b.deltaToBestUsd - (a.deltaToWorstUsd - a.deltaToBestUsd))[0];
    expect(model.drivers[0]?.factorId).toBe(widest?.factorId);
  });

  test('fields model 1.0.0 does not store are reported as not available, never invented', () => {
    const insurance = model.slides.find((s) => s.id === 'insurance');
    expect(model.insurance?.uncoveredShareOfOneIn100).toBeNull();
    expect(insurance?.bullets).toContain('Share of a 1-in-100 year left uncovered: not available for model 1.0.0');
    expect(model.headline.expectedShortfall99Usd).toBe(result.annualLoss.expectedShortfall99Usd);
  });

  test('the adapter reads the model 2.0.0 fields when a stored result carries them', () => {
    const base = assessRisk(SAMPLE_CLINIC_INPUT, { iterations: 2_000, attribution: false });
    const newer = { ...base, unknownFactors: ['A4'], insurance: { ...base.insurance!, uncoveredShareOfOneIn100: 0.4, limitToCoverOneIn100Usd: 5_000_000 }, precision: { target: 'board' } };
    const view = readResult(newer);
    expect(view.unknownFactors).toEqual(['A4']);
    expect(view.insurance?.uncoveredShareOfOneIn100).toBe(0.4);
    expect(view.insurance?.limitToCoverOneIn100Usd).toBe(5_000_000);
    expect(view.precisionTarget).toBe('board');
  });

  test('without an earlier assessment the what-changed part says it is the baseline', () => {
    const first = buildReportModel({ ...source, whatChanged: null });
    expect(first.slides.find((s) => s.id === 'whatChanged')?.takeaway).toMatch(/first completed assessment/);
  });
});
