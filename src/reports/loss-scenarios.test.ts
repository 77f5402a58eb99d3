import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RiskResult } from '@/engine/risk-result.ts';
import { formatUsdShort } from './format.ts';
import { levelUncertaintyLines, parameterUncertaintyLine, unknownAnswersLine } from './loss-scenario-words.ts';
import { readLossScenarios, readParameterUncertainty, readSavingByScenario, readUnknownAnswersRange } from './read-loss-scenarios.ts';
import type { ReportSource } from './report-model.ts';
import { pdfLayoutTexts, renderReportPdf } from './render-pdf.tsx';
import { deckChartLabelTexts, renderReportPptx } from './render-pptx.ts';
import { renderWorkbook } from './render-workbook.ts';
import { findOverflows } from './text-fit.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';
import { createFormulaEvaluator } from './test-support/evaluate-formulas.ts';
import { makeTempDir, runTool } from './test-support/run-tool.ts';

const source = buildSampleReportSource();
const result = source.assessment.result;
const model = buildReportModelHere(source);

/** The same assessment as a result stored by model 2.0.0: no scenarios, no ranges, no savings by scenario. */
function storedBeforeScenarios(): ReportSource {
  const {
    lossScenarios: _s,
    parameterUncertainty: _p,
    unknownAnswersRangeUsd: _u,
    ...rest
  } = result as RiskResult & Record<string, unknown>;
  const stripped = {
    ...rest,
    engineVersion: '2.0.0',
    recommendations: (result.recommendations ?? []).map((r) => ({ ...r, savingByScenario: undefined })),
  } as unknown as RiskResult;
  return { ...source, assessment: { ...source.assessment, result: stripped } };
}

/** The same assessment as a result stored by model 3.0.0: ranges, but no population bridge. */
function storedBeforeBridge(): ReportSource {
  const { populationBridge: _b, ...parameterUncertainty } = result.parameterUncertainty!;
  const stripped = { ...result, engineVersion: '3.0.0', parameterUncertainty } as unknown as RiskResult;
  return { ...source, assessment: { ...source.assessment, result: stripped } };
}

describe('reading the named loss scenarios and the ranges from a stored result', () => {
  test('the five scenarios come back largest first and add up to the expected loss', () => {
    const scenarios = readLossScenarios(result);
    expect(scenarios).not.toBeNull();
    expect(scenarios!.map((s) => s.id).sort()).toEqual([
      'businessEmailCompromise',
      'dataBreach',
      'deviceAndInsider',
      'outage',
      'ransomware',
    ]);
    for (let i = 1; i < scenarios!.length; i++)
      expect(scenarios![i - 1]!.expectedAnnualLossUsd).toBeGreaterThanOrEqual(scenarios![i]!.expectedAnnualLossUsd);
    const sum = scenarios!.reduce((acc, s) => acc + s.expectedAnnualLossUsd, 0);
    expect(sum).toBeCloseTo(result.annualLoss.expectedUsd, 6);
  });

  test('a result stored before model 3.0 gives nothing rather than an invented figure', () => {
    const old = storedBeforeScenarios().assessment.result;
    expect(readLossScenarios(old)).toBeNull();
    expect(readParameterUncertainty(old)).toBeNull();
    expect(readUnknownAnswersRange(old)).toBeNull();
    expect(readSavingByScenario(old.recommendations?.[0])).toBeNull();
    // A malformed scenario list is not shown in part.
    expect(readLossScenarios({ lossScenarios: [{ id: 'ransomware', label: 'x', expectedAnnualLossUsd: 'a lot' }] })).toBeNull();
    expect(
      readLossScenarios({
        lossScenarios: [
          {
            id: 'meteor',
            label: 'x',
            expectedAnnualLossUsd: 1,
            share: 1,
            annualProbability: 0.1,
            medianCostIfItHappensUsd: 1,
            p95CostIfItHappensUsd: 2,
          },
        ],
      }),
    ).toBeNull();
  });
});

describe('the range sentences follow the figures', () => {
  const range = {
    level: 0.8,
    outerDraws: 64,
    method: '',
    sources: [],
    expectedAnnualLossUsd: { low: 40_000, central: 60_000, high: 95_000 },
    oneInTwentyYearUsd: { low: 200_000, central: 260_000, high: 390_000 },
    oneInHundredYearUsd: { low: 600_000, central: 800_000, high: 1_300_000 },
    populationBridge: { irisMedianUsd: 357_000, modelMedianUsd: 42_000, ratio: 8.5 },
  };

  test('the parameter-uncertainty line prints each low and high and moves when they move', () => {
    const line = parameterUncertaintyLine(range);
    for (const usd of [40_000, 95_000, 200_000, 390_000, 600_000, 1_300_000]) expect(line).toContain(formatUsdShort(usd));
    expect(line).toContain('80% range');
    const wider = parameterUncertaintyLine({ ...range, expectedAnnualLossUsd: { low: 30_000, central: 60_000, high: 120_000 } });
    expect(wider).toContain(formatUsdShort(120_000));
    expect(wider).not.toContain(formatUsdShort(95_000));
  });

  test("the level's words name both medians, their ratio, the range and the central figure, and follow them", () => {
    const text = levelUncertaintyLines(range).join(' ');
    for (const usd of [357_000, 42_000, 40_000, 95_000, 60_000, 1_300_000]) expect(text).toContain(formatUsdShort(usd));
    expect(text).toContain('8.50 times');
    expect(text).toMatch(/parameter uncertainty.*disagreement between IRIS and NetDiligence/);
    expect(text).toContain('stays on the claims level, so it sits in the lower part of the range');
    expect(text).toMatch(/What it means for the board/);
    const agreeing = levelUncertaintyLines({ ...range, populationBridge: { irisMedianUsd: 45_000, modelMedianUsd: 44_000, ratio: 1.02 } }).join(' ');
    expect(agreeing).toContain('the two sources agree');
    expect(agreeing).toContain('at most 1.02 times the claims');
    expect(text).toContain('they disagree');
    // A result stored before model 3.1 has no bridge: one sentence says its range leaves the disagreement out.
    const before = levelUncertaintyLines({ ...range, populationBridge: null });
    expect(before).toHaveLength(1);
    expect(before[0]).toMatch(/before the model included the disagreement/);
  });

  test('the "I don\'t know" line exists only when answers are unknown', () => {
    expect(unknownAnswersLine(null)).toBeNull();
    expect(unknownAnswersLine({ low: 50_000, high: 140_000 })).toContain(formatUsdShort(140_000));
  });
});

describe('report model', () => {
  test('has a scenarios slide after the cost split, with one line per scenario and plain-words notes', () => {
    const ids = model.slides.map((s) => s.id);
    expect(ids.indexOf('scenarios')).toBe(ids.indexOf('costBreakdown') + 1);
    const slide = model.slides.find((s) => s.id === 'scenarios')!;
    const largest = model.scenarios!.scenarios[0]!;
    expect(slide.takeaway).toContain(largest.label);
    expect(slide.takeaway).toContain(formatUsdShort(largest.expectedAnnualLossUsd));
    for (const s of model.scenarios!.scenarios) expect(slide.bullets.some((b) => b.startsWith(`${s.label}:`))).toBe(true);
    expect(slide.notes).toMatch(/add up exactly to the expected loss/);
  });

  test("the top fixes' savings by scenario are listed when the result splits them", () => {
    const splitFixes = (result.recommendations ?? []).filter(
      (r) =>
        model.fixes.slice(0, 3).some((f) => f.name === r.factorName) &&
        (readSavingByScenario(r)?.some((s) => s.annualLossReductionUsd > 0) ?? false),
    );
    expect(model.scenarios!.fixLines).toHaveLength(splitFixes.length);
    for (const fix of splitFixes)
      expect(model.scenarios!.fixLines.some((line) => line.startsWith(`${fix.factorName}: saves most on`))).toBe(true);
  });

  test('the headline carries the parameter range and the unknown-answers range, not simulation precision', () => {
    const headline = model.slides.find((s) => s.id === 'headline')!;
    const u = readParameterUncertainty(result);
    if (u !== null) {
      expect(model.uncertainty.parameterLine).toBe(parameterUncertaintyLine(u));
      expect(headline.bullets).toContain(model.uncertainty.parameterLine);
    }
    expect(headline.bullets.join(' ')).not.toMatch(/standard error|simulation precision/i);
    expect(model.uncertainty.unknownAnswersLine).toBe(unknownAnswersLine(readUnknownAnswersRange(result)));
  });

  test('a model 2.0.0 result has no scenarios slide, no range lines and no scenario appendix', () => {
    const old = buildReportModelHere(storedBeforeScenarios());
    expect(old.scenarios).toBeNull();
    expect(old.slides.map((s) => s.id)).not.toContain('scenarios');
    expect(old.uncertainty.parameterLine).toBeNull();
    expect(old.scenarioAppendix).toEqual({ scenarios: [], uncertainty: [], level: [], rangeSources: [] });
  });

  test('the appendix explains the scenarios and the uncertainty in plain words, without internal names', () => {
    const text = [...model.scenarioAppendix.scenarios, ...model.scenarioAppendix.uncertainty, ...model.scenarioAppendix.rangeSources].join(
      '\n',
    );
    expect(model.scenarioAppendix.scenarios).toHaveLength(7);
    expect(text).toMatch(/simulation precision/i);
    expect(text).not.toMatch(/businessEmailCompromise|deviceAndInsider|\bADR\b|\b[MA]\d{1,2}\b|Shapley|\.ts\b/);
    // The PDF's standard fonts print WinAnsi only: no formula symbols from the engine's source notes.
    expect([...text].filter((c) => (c.codePointAt(0) ?? 0) > 0xff)).toEqual([]);
    expect(model.scenarioAppendix.rangeSources.length).toBe(readParameterUncertainty(result)?.sources.length ?? 0);
  });
});

describe('formats', () => {
  test('the PDF scenarios table and the deck chart labels fit their boxes', () => {
    expect(findOverflows(pdfLayoutTexts(model))).toEqual([]);
    expect(findOverflows(deckChartLabelTexts(model))).toEqual([]);
  });

  test('the PDF prints the range on page 1, a scenarios page with every scenario, and the plain-words appendix', async () => {
    const temp = await makeTempDir('scenarios-pdf');
    try {
      const path = join(temp.dir, 'report.pdf');
      await writeFile(path, await renderReportPdf(model));
      const pages = (await runTool('pdftotext', [path, '-'])).split('\f').map((p) => p.replace(/\s+/g, ' '));
      expect(pages[0]).toContain(model.uncertainty.parameterShortLine);
      const scenariosPage = pages.find((p) => p.includes('Where the loss comes from')) ?? '';
      for (const s of model.scenarios!.scenarios) expect(scenariosPage).toContain(formatUsdShort(s.expectedAnnualLossUsd));
      expect(scenariosPage).toContain(model.scenarios!.takeaway);
      const appendix = pages.slice(pages.findIndex((p) => p.includes('Appendix'))).join(' ');
      expect(appendix).toContain('The five loss scenarios');
      expect(appendix).toContain('How certain the figures are');
      expect(model.scenarioAppendix.level.length).toBeGreaterThan(1);
      for (const line of model.scenarioAppendix.level) expect(appendix).toContain(line);
    } finally {
      await temp.cleanup();
    }
  }, 60_000);

  test('a result stored before the population bridge still renders, its appendix saying the range leaves the disagreement out', async () => {
    const before = buildReportModelHere(storedBeforeBridge());
    expect(before.uncertainty.parameterLine).not.toBeNull();
    expect(before.scenarioAppendix.level).toHaveLength(1);
    const temp = await makeTempDir('scenarios-pdf-3-0');
    try {
      const path = join(temp.dir, 'report.pdf');
      await writeFile(path, await renderReportPdf(before));
      const text = (await runTool('pdftotext', [path, '-'])).replace(/\s+/g, ' ');
      expect(text).toContain(before.scenarioAppendix.level[0]);
      // The general words about the bridge are not printed for a range that does not include it.
      expect(text).not.toContain('the 80% range runs from the claims level up toward the IRIS level');
    } finally {
      await temp.cleanup();
    }
  }, 60_000);

  test('the deck has a native bar chart of the scenarios whose value axis starts at zero', async () => {
    const zip = await JSZip.loadAsync(await renderReportPptx(model));
    const index = model.slides.findIndex((s) => s.id === 'scenarios') + 1;
    const rels = (await zip.file(`ppt/slides/_rels/slide${index}.xml.rels`)?.async('string')) ?? '';
    const chartName = /charts\/(chart\d+\.xml)/.exec(rels)?.[1];
    expect(chartName).toBeDefined();
    const chart = (await zip.file(`ppt/charts/${chartName}`)?.async('string')) ?? '';
    expect(chart).toContain('<c:barDir val="bar"/>');
    expect(chart).toMatch(/<c:valAx>[\s\S]*<c:min val="0"\/>/);
    for (const s of model.scenarios!.scenarios) expect(chart).toContain(`<c:v>${Math.round(s.expectedAnnualLossUsd)}</c:v>`);
    const notes = (await zip.file(`ppt/notesSlides/notesSlide${index}.xml`)?.async('string')) ?? '';
    expect(notes).toContain('An incident is not one kind of event.');
  }, 60_000);

  describe('workbook Scenarios sheet', () => {
    const workbook = new ExcelJS.Workbook();
    beforeAll(async () => {
      await workbook.xlsx.load((await renderWorkbook(model, source)) as unknown as ExcelJS.Buffer);
    }, 60_000);

    const rowByLabel = (label: string) => {
      const sheet = workbook.getWorksheet('Scenarios')!;
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === label) found = row;
      });
      if (!found) throw new Error(`no row ${label}`);
      const cell = (found.getCell(3).value ?? {}) as { formula: string; result: number };
      return { stored: Number(found.getCell(2).value), formula: cell.formula, cached: cell.result };
    };

    test("each scenario's expected loss is recomputed from its cost rows, equal to the report and to the cached value", () => {
      const evaluator = createFormulaEvaluator(workbook);
      for (const s of model.scenarios!.scenarios) {
        const row = rowByLabel(`${s.label}: expected annual loss (USD)`);
        expect(row.formula).toMatch(/^SUM\('Scenarios'!C\d+:C\d+\)$/);
        const recomputed = evaluator.evaluate('Scenarios', row.formula);
        expect(Math.abs(recomputed - s.expectedAnnualLossUsd)).toBeLessThanOrEqual(Math.max(1e-6, s.expectedAnnualLossUsd * 1e-9));
        expect(recomputed).toBeCloseTo(row.cached, 9);
        const share = rowByLabel(`${s.label}: share of the expected loss`);
        expect(evaluator.evaluate('Scenarios', share.formula)).toBeCloseTo(s.share, 9);
      }
    });

    test("the Read me sheet explains the level's uncertainty in the PDF appendix's words, and the Scenarios sheet holds the two medians", () => {
      const readMe: string[] = [];
      workbook.getWorksheet('Read me')!.eachRow((row) => readMe.push(String(row.getCell(1).value ?? '')));
      expect(model.uncertainty.levelLines.length).toBeGreaterThan(1);
      for (const line of model.uncertainty.levelLines) expect(readMe).toContain(line);
      const bridge = readParameterUncertainty(result)!.populationBridge!;
      expect(rowByLabel('IRIS 2025 median loss per significant incident at this revenue (USD)').stored).toBe(bridge.irisMedianUsd);
      expect(rowByLabel('Model median incident at average answers (USD)').stored).toBe(bridge.modelMedianUsd);
    });

    test('the five add up to the expected loss: the check cell recomputes to 0', () => {
      const evaluator = createFormulaEvaluator(workbook);
      const sum = rowByLabel('Sum of the scenarios (USD)');
      expect(evaluator.evaluate('Scenarios', sum.formula)).toBeCloseTo(model.headline.aleUsd, 4);
      const check = rowByLabel('Check: sum of the scenarios minus the expected loss (should be 0)');
      expect(Math.abs(evaluator.evaluate('Scenarios', check.formula))).toBeLessThan(Math.max(1e-6, model.headline.aleUsd * 1e-9));
      // The expected loss it is checked against is the one recomputed from the simulated years, across sheets.
      expect(rowByLabel('Expected annual loss (USD)').formula).toMatch(/^'(Statistics|Analytic)'!C\d+$/);
    });
  });
});
