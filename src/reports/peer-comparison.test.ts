import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { rateExposure, RISK_BANDS } from '@/engine/risk-score.ts';
import type { RiskResult } from '@/engine/risk-result.ts';
import { runModelRunsHere } from './model-runs.ts';
import { comparePeer, computePeerComparison, PEER_NOTE, peerRuns, type ComparedFigures } from './peer-comparison.ts';
import type { ReportSource } from './report-model.ts';
import { renderReportPdf } from './render-pdf.tsx';
import { formatPercent } from './format.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';
import { buildReportModelHere } from './test-fixtures.ts';

const result = assessRisk(SAMPLE_CLINIC_INPUT, { seed: 3, iterations: 40_000, attribution: true });

const source = (riskProfile: ReportSource['riskProfile'], stored: RiskResult = result): ReportSource => ({
  organisationName: 'Account company',
  assessment: {
    id: '44444444-4444-4444-8444-444444444444',
    title: 'Clinic',
    completedAt: '2026-11-20T10:00:00.000Z',
    authorName: 'Dana',
    input: SAMPLE_CLINIC_INPUT,
    result: stored,
  },
  whatChanged: null,
  riskProfile,
  generatedAt: '2026-11-22T09:30:00.000Z',
});

describe('computePeerComparison', () => {
  test("the typical peer is the average posture on the same simulated years: its expected loss is the risk score's 50 anchor", () => {
    const comparison = computePeerComparison(result, null, runModelRunsHere(peerRuns(SAMPLE_CLINIC_INPUT, result)));
    expect(comparison).not.toBeNull();
    expect(comparison?.peer.expectedUsd).toBeCloseTo(result.riskScore.averageAleUsd, 6);
    expect(comparison?.own.expectedUsd).toBe(result.annualLoss.expectedUsd);
    // The clinic answers some controls at their weakest: its posture is worse than the average peer's.
    expect(result.riskScore.score).toBeGreaterThan(50);
    expect(comparison?.own.expectedUsd).toBeGreaterThan(comparison?.peer.expectedUsd ?? Infinity);
  });

  test('no comparison for a result of another model version: its seed and years would not be reproduced', () => {
    const older = { ...result, engineVersion: '1.0.0' };
    expect(peerRuns(SAMPLE_CLINIC_INPUT, older)).toEqual({});
    expect(computePeerComparison(older, null, {})).toBeNull();
  });

  test('the sentence follows the figures and the reference is always named as a model reference', () => {
    const figures = (expectedUsd: number): ComparedFigures => ({
      expectedUsd,
      probabilityOfAnyEvent: 0.1,
      costIfItHappensUsd: 1,
      costIfItHappensP95Usd: 2,
      oneInTwentyUsd: 3,
      oneInHundredUsd: 4,
      bandLabel: 'Low',
    });
    expect(comparePeer(figures(80_000), figures(100_000)).sentence).toContain('20.0% below the $100K');
    expect(comparePeer(figures(120_000), figures(100_000)).sentence).toContain('20.0% above the $100K');
    expect(comparePeer(figures(220_000), figures(100_000)).sentence).toContain('2.2 times the $100K');
    expect(comparePeer(figures(101_000), figures(100_000)).sentence).toContain('about the same as');
    const comparison = comparePeer(figures(1), figures(1));
    expect(comparison.slideLine).toContain("a model reference, not other customers' data");
    expect(comparison.note).toBe(PEER_NOTE);
    expect(PEER_NOTE).toContain("not other customers' data");
  });
});

describe('the report model rates the band from the dollars, the size and the appetite', () => {
  const exposure = {
    expectedUsd: result.annualLoss.expectedUsd,
    oneInTwentyUsd: result.annualLoss.percentilesUsd.p95,
    oneInHundredUsd: result.annualLoss.percentilesUsd.p99,
    annualRevenueUsd: result.profile.annualRevenueUsd,
  };

  test('without an appetite the band is the size band the engine stored', () => {
    const model = buildReportModelHere(source(null));
    expect(model.headline.riskBandLabel).toBe(result.riskScore.bandLabel);
    expect(model.headline.riskBandLabel).toBe(rateExposure(exposure).bandLabel);
    expect(model.peer?.rows.find((r) => r.label === 'Exposure band')?.own).toBe(model.headline.riskBandLabel);
  });

  test('an appetite below the 1-in-20 year makes the band at least High and says why; the headline slide names both the band and the peer', () => {
    const appetiteUsd = Math.round(result.annualLoss.percentilesUsd.p95 / 2);
    expect(result.annualLoss.expectedUsd).toBeLessThan(appetiteUsd);
    const model = buildReportModelHere(source({ policy: null, appetiteUsd }));
    const high = RISK_BANDS.findIndex((b) => b.id === 'high');
    expect(RISK_BANDS.findIndex((b) => b.label === model.headline.riskBandLabel)).toBeGreaterThanOrEqual(high);
    expect(model.headline.riskBandReason).toBe('a 1-in-20 year is above the risk appetite');
    const bullets = model.slides.find((s) => s.id === 'headline')?.bullets ?? [];
    expect(bullets).toContain(
      `Exposure: ${model.headline.riskBandLabel}, because ${model.headline.riskBandReason}; security posture score ${result.riskScore.score.toFixed(0)} / 100 (lower is better: 0 is every control at best practice, 50 a typical peer, 100 the weakest posture; the band rates the dollars, the score the controls)`,
    );
    expect(bullets).toContain(model.peer?.slideLine);
  });

  test('a generous appetite never makes the band milder than the size band', () => {
    const model = buildReportModelHere(source({ policy: null, appetiteUsd: 1e11 }));
    expect(model.headline.riskBandLabel).toBe(rateExposure(exposure).bandLabel);
  });
});

test('page 1 of the PDF puts the typical peer beside each figure, says what it is, and still fits one page', async () => {
  const model = buildReportModelHere(source({ policy: null, appetiteUsd: null }));
  const temp = await makeTempDir('peer-pdf-');
  try {
    const path = join(temp.dir, 'report.pdf');
    await writeFile(path, await renderReportPdf(model));
    const pages = (await runTool('pdftotext', [path, '-'])).split('\f').map((page) => page.replace(/\s+/g, ' '));
    const page1 = pages[0] ?? '';
    expect(page1).toContain(`Typical peer: ${formatPercent(model.peer?.peer.probabilityOfAnyEvent ?? -1)}`);
    expect(page1).toContain(`Exposure band: ${model.headline.riskBandLabel}, because ${model.headline.riskBandReason}.`);
    expect(page1).toContain(model.peer?.sentence);
    expect(page1).toContain("a model reference, not other customers' data");
    // The loss curve closing page 1 did not spill over: page 2 opens with the decision.
    expect(pages[1]?.trim().split(' ').slice(0, 8).join(' ')).toContain('The decision');
  } finally {
    await temp.cleanup();
  }
}, 60_000);
