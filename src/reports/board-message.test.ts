import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { assessRisk } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { composeBoardMessage, rowsThatFit, type BoardFigures, type ControlOption } from './board-message.ts';
import { formatUsdShort } from './format.ts';
import { readFixPlan } from './read-fix-plan.ts';
import type { ReportModel } from './report-model.ts';
import { buildReportModelHere, buildSampleReportSource } from './test-fixtures.ts';

const readExample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8')) as RiskInput;

function modelOf(input: RiskInput): ReportModel {
  const result = assessRisk(input, { seed: 1, iterations: 60_000, attribution: true });
  return buildReportModelHere({
    organisationName: 'Account Co',
    assessment: { id: 'a', title: 'Q4', completedAt: '2026-11-20T10:00:00.000Z', authorName: 'Dana', input, result },
    whatChanged: null,
    generatedAt: '2026-11-22T09:30:00.000Z',
  });
}

const examples = {
  clinic: modelOf(readExample('clinic-120')),
  creditUnion: modelOf(readExample('credit-union-60')),
  manufacturer: modelOf(readExample('manufacturer-300')),
  reassessedClinic: buildReportModelHere(buildSampleReportSource()),
};

/** Every sentence of page 1 and of the decision slide, as the PDF, the deck and /presentation print them. */
function boardSentences(model: ReportModel): string {
  const slides = model.slides.filter((s) => ['headline', 'fixes', 'decision'].includes(s.id));
  const m = model.message;
  return [
    ...slides.flatMap((s) => [s.takeaway, ...s.bullets, s.notes]),
    m.headline.spreadLine,
    m.fixesTakeaway,
    ...m.decision.closingLines,
  ].join('\n');
}

const control = (
  name: string,
  savingAloneUsd: number,
  costLowUsd: number,
  costHighUsd: number,
  required: ControlOption['required'] = [],
): ControlOption => ({
  factorId: 'M5',
  name,
  savingAloneUsd,
  costLowUsd,
  costMidUsd: (costLowUsd + costHighUsd) / 2,
  costHighUsd,
  required,
});

const BASE: BoardFigures = {
  aleUsd: 50_000,
  probabilityOfAnyEvent: 0.08,
  eventMedianUsd: 400_000,
  eventP95Usd: 2_000_000,
  percentilesUsd: { p90: 0, p95: 300_000, p99: 1_500_000 },
  unknownFactors: [],
  controls: [control('Hardening', 8_000, 5_000, 20_000)],
  listsEveryControl: true,
  plan: null,
  engineVersion: '2.1.0',
};

describe('board message from the examples', () => {
  test('a credit union with partial controls never reads "already at best practice": it is told no fix pays, with each control saving and cost', () => {
    const model = examples.creditUnion;
    expect(boardSentences(model)).not.toMatch(/already at best practice/i);
    expect(model.message.decision.takeaway).toMatch(/^No fix pays for itself at typical prices/);
    const controls = model.message.decision.rows;
    expect(controls.length).toBeGreaterThan(5);
    const top = [...controls].sort((a, b) => b.savingUsd - a.savingUsd)[0]!;
    expect(model.message.fixesTakeaway).toContain(
      `${top.name} (saves ${formatUsdShort(top.savingUsd)} for ${formatUsdShort(top.costLowUsd)}-${formatUsdShort(top.costHighUsd)})`,
    );
    expect(model.fixes).toEqual([]);
  });

  test.each(Object.entries(examples))('%s: a "together" figure is one joint run and never exceeds the expected loss', (_name, model) => {
    const d = model.message.decision;
    if (d.together === null) return;
    expect(d.isJoint).toBe(true);
    expect(d.together.savingUsd).toBeLessThanOrEqual(model.headline.aleUsd);
    expect(d.together.lossAfterUsd).toBeGreaterThanOrEqual(0);
    expect(d.together.savingUsd).toBeCloseTo(d.together.lossBeforeUsd - d.together.lossAfterUsd, 6);
    expect(model.message.fixesTakeaway).toContain(formatUsdShort(d.together.savingUsd));
    // The one-at-a-time savings of the top fixes are never added up into a combined figure.
    const sumAlone = model.fixes.reduce((s, f) => s + f.annualLossReductionUsd, 0);
    if (model.fixes.length > 1) expect(boardSentences(model)).not.toContain(formatUsdShort(sumAlone));
  });

  test.each(Object.entries(examples))(
    '%s: page 1 leads with the chance of an incident and the cost of one, and a break-even fix is never a top fix',
    (_name, model) => {
      expect(model.slides.find((s) => s.id === 'headline')?.takeaway).toMatch(
        /^There is a \d+\.\d% chance of at least one cyber incident this year .* one incident typically costs \$[\d.]+K?M?, and a severe one/,
      );
      for (const f of model.fixes) expect(f.annualLossReductionUsd).toBeGreaterThanOrEqual(f.annualCostHighUsd);
      expect(boardSentences(model)).not.toMatch(/Return \d|\d\.\d×|-\$[\d.]+[KM]? off/);
    },
  );

  test('a clinic under HIPAA sees MFA as required, with the reason, and never as "not worth it"', () => {
    const model = examples.clinic;
    const mfa = model.message.decision.rows.find((r) => r.name === 'MFA and access control');
    expect(mfa?.requiredBy).toContain('HIPAA Security Rule');
    expect(mfa?.reasons.join(' ')).toMatch(/45 CFR 164\.312/);
    expect(model.notWorthIt?.fixes.map((f) => f.name)).not.toContain('MFA and access control');
    expect(model.slides.map((s) => s.bullets.join(' ')).join(' ')).not.toMatch(/Not worth it[^.]*MFA/);
  });
});

describe('board message from figures', () => {
  test('the tail explanation appears exactly when a 1-in-T year is below one typical incident', () => {
    const below = composeBoardMessage(BASE);
    expect(below.headline.tailExplanation).toMatch(
      /^Why a 1-in-20 year \(\$300K\) costs less than one typical incident: only 8\.0% of years have an incident/,
    );
    const above = composeBoardMessage({ ...BASE, percentilesUsd: { p90: 0, p95: 500_000, p99: 1_500_000 } });
    expect(above.headline.tailExplanation).toBeNull();
    expect(above.headline.spreadLine).toBe(
      'Spread of the annual loss: no loss in about 92 years in 100; 1 year in 20 costs more than $500K; 1 year in 100 costs more than $1.5M.',
    );
  });

  test('the headline sentence follows the chance and the cost of one incident', () => {
    const a = composeBoardMessage(BASE).headline.takeaway;
    const b = composeBoardMessage({ ...BASE, probabilityOfAnyEvent: 0.2, eventMedianUsd: 90_000 }).headline.takeaway;
    expect(a).toContain('8.0% chance');
    expect(a).toContain('$400K');
    expect(b).toContain('20.0% chance');
    expect(b).toContain('$90K');
  });

  test('"I don\'t know" answers add their range, widest first, by name', () => {
    const m = composeBoardMessage({
      ...BASE,
      unknownFactors: [
        { name: 'Encryption', ifBestUsd: 48_000, ifWorstUsd: 52_000 },
        { name: 'MFA and access control', ifBestUsd: 40_000, ifWorstUsd: 90_000 },
      ],
    });
    expect(m.headline.unknownLine).toBe(
      'Answers given as "I don\'t know" add a range: depending on the true answer for MFA and access control, the expected loss would be $40K to $90K (Encryption $48K to $52K; each with the other answers as given).',
    );
    expect(composeBoardMessage(BASE).headline.unknownLine).toBeNull();
  });

  test('"already at best practice" only when no control is left to improve', () => {
    expect(composeBoardMessage({ ...BASE, controls: [] }).decision.takeaway).toMatch(/already at best practice/);
    expect(composeBoardMessage(BASE).decision.takeaway).toMatch(/^No fix pays for itself/);
    // A result that lists only the paying controls (model 1.0.0) claims neither.
    const old = composeBoardMessage({ ...BASE, controls: [], listsEveryControl: false }).decision.takeaway;
    expect(old).not.toMatch(/already at best practice|No fix pays/);
  });

  test('without a joint plan, fixes are shown alone and never summed', () => {
    const m = composeBoardMessage({
      ...BASE,
      controls: [control('Hardening', 30_000, 5_000, 20_000), control('Patching', 25_000, 5_000, 20_000)],
    });
    expect(m.decision.together).toBeNull();
    expect(m.decision.fixes.map((x) => x.name)).toEqual(['Hardening', 'Patching']);
    expect([m.decision.takeaway, ...m.decision.askLines, m.fixesTakeaway].join(' ')).not.toContain('$55K');
    expect(m.decision.closingLines[0]).toMatch(/^Each saving is measured alone; fixes overlap/);
  });

  test("with a joint plan, the ask is its prefix of fixes that pay at typical prices, and the together figure is the plan's", () => {
    const plan = {
      expectedLossBeforeUsd: 50_000,
      expectedLossAfterUsd: 20_000,
      steps: [
        {
          factorId: 'M5' as const,
          name: 'Hardening',
          annualCostMidUsd: 12_500,
          expectedLossAfterUsd: 28_000,
          stepSavingUsd: 22_000,
          cumulativeSavingUsd: 22_000,
          cumulativeAnnualCostUsd: 12_500,
          required: [],
        },
        // Saves less than its typical (mid) cost given the first: not asked for.
        {
          factorId: 'M4' as const,
          name: 'Patching',
          annualCostMidUsd: 8_000,
          expectedLossAfterUsd: 20_000,
          stepSavingUsd: 7_999,
          cumulativeSavingUsd: 30_000,
          cumulativeAnnualCostUsd: 20_500,
          required: [],
        },
      ],
    };
    const controls = [
      control('Hardening', 26_000, 5_000, 20_000),
      { ...control('Patching', 14_000, 4_000, 12_000), factorId: 'M4' as const },
    ];
    const m = composeBoardMessage({ ...BASE, controls, plan });
    expect(m.decision.fixes.map((x) => x.name)).toEqual(['Hardening']);
    expect(m.decision.together).toMatchObject({ savingUsd: 22_000, annualCostUsd: 12_500, lossAfterUsd: 28_000 });
    expect(m.decision.takeaway).toBe(
      'We ask the board to approve one fix, Hardening, for about $12.5K a year: it cuts the expected loss by $22K a year, paying back in 6.8 months.',
    );
    // Patching pays alone ($14K >= $12K) but not on top of hardening: said so, not summed.
    expect(m.fixesTakeaway).toContain('Patching pays for itself alone but not once that fix is in place');
    expect(m.fixesTakeaway).not.toContain('$40K');
  });

  test('a control that pays only at the low end of its price range is named apart, never as a top fix', () => {
    const m = composeBoardMessage({ ...BASE, controls: [control('Incident response plan', 10_000, 5_000, 20_000)] });
    expect(m.decision.fixes).toEqual([]);
    expect(m.breakEvenLine).toBe(
      'Short of its typical price, so not a top fix (worth it only at the lower end of the price range): Incident response plan (saves $10K for $5K-$20K).',
    );
  });

  test('a control that saves its typical price pays for itself, whatever the top of its range (the results page basis)', () => {
    const m = composeBoardMessage({ ...BASE, controls: [control('Incident response plan', 12_500, 5_000, 20_000)] });
    expect(m.decision.fixes.map((x) => x.name)).toEqual(['Incident response plan']);
    expect(m.breakEvenLine).toBeNull();
  });

  test('required controls are asked for whatever their return, with who requires them', () => {
    const required = [{ source: 'framework' as const, requiredBy: 'HIPAA Security Rule', reason: 'HIPAA requires access control' }];
    const m = composeBoardMessage({ ...BASE, controls: [control('MFA and access control', 3_000, 6_000, 18_000, required)] });
    expect(m.decision.takeaway).toContain('approve the control required regardless of return (MFA and access control)');
    expect(m.decision.rows[0]).toMatchObject({ name: 'MFA and access control', kind: 'required', requiredBy: ['HIPAA Security Rule'] });
  });

  test('a stored plan whose saving exceeds the loss it starts from is not read', () => {
    const step = {
      factorId: 'M5',
      factorName: 'Hardening',
      annualCostUsd: 10_000,
      expectedLossAfterUsd: 0,
      stepSavingUsd: 60_000,
      cumulativeSavingUsd: 60_000,
      cumulativeAnnualCostUsd: 10_000,
      required: [],
    };
    expect(readFixPlan({ fixPlan: { expectedLossBeforeUsd: 50_000, expectedLossAfterUsd: 0, steps: [step] } }, () => 'x')).toBeNull();
    expect(
      readFixPlan({ fixPlan: { expectedLossBeforeUsd: 60_000, expectedLossAfterUsd: 0, steps: [step] } }, () => 'x')?.steps,
    ).toHaveLength(1);
    expect(readFixPlan({}, () => 'x')).toBeNull();
  });
});

describe('board message when the best control pays only at the low end of its price range', () => {
  test('it is not said to cost more than it saves', () => {
    const m = composeBoardMessage({
      ...BASE,
      controls: [control('Incident response plan', 10_000, 5_000, 20_000), control('Logging', 1_000, 10_000, 40_000)],
    });
    expect(m.decision.takeaway).toContain('would cost about as much as or more a year than the expected loss it removes');
    expect(m.fixesTakeaway).toContain('Incident response plan (saves $10K for $5K-$20K), pays off only at the low end of its price range');
    expect(composeBoardMessage({ ...BASE, controls: [control('Hardening', 4_000, 5_000, 20_000)] }).fixesTakeaway).toContain(
      'costs more than it saves',
    );
  });
});

describe('decision rows on a slide', () => {
  test('asked-for and required rows are kept first; the rest are counted with their largest saving', () => {
    const rows = [
      {
        name: 'A',
        kind: 'option' as const,
        savingUsd: 9_000,
        savingBasis: 'alone' as const,
        costLowUsd: 1,
        costHighUsd: 2,
        requiredBy: [],
        reasons: [],
      },
      {
        name: 'B',
        kind: 'required' as const,
        savingUsd: 500,
        savingBasis: 'alone' as const,
        costLowUsd: 1,
        costHighUsd: 2,
        requiredBy: ['PCI DSS'],
        reasons: ['x'],
      },
      {
        name: 'C',
        kind: 'option' as const,
        savingUsd: 700,
        savingBasis: 'alone' as const,
        costLowUsd: 1,
        costHighUsd: 2,
        requiredBy: [],
        reasons: [],
      },
      {
        name: 'D',
        kind: 'option' as const,
        savingUsd: 300,
        savingBasis: 'alone' as const,
        costLowUsd: 1,
        costHighUsd: 2,
        requiredBy: [],
        reasons: [],
      },
    ];
    const fit = rowsThatFit(rows, 3);
    expect(fit.rows.map((r) => r.name)).toEqual(['A', 'B']);
    expect(fit.omittedLine).toBe('And 2 more optional controls, each saving $700 a year or less (all are in the PDF report).');
    expect(rowsThatFit(rows, 4)).toEqual({ rows, omittedLine: null });
  });
});
