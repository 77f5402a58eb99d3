import type PptxGenJS from 'pptxgenjs';
import type { Coverage } from '@/contracts/risk-profile.ts';
import { formatPercent, formatUsdShort } from './format.ts';
import { PALETTE, pptxColor } from './palette.ts';

type Slide = ReturnType<PptxGenJS['addSlide']>;

const FONT = 'Calibri';
const TEXT = { x: 0.5, y: 1.55, w: 5.3, h: 5.3 };
const CHART = { x: 6.0, y: 1.55, w: 6.9, h: 5.2 };
const FULL_WIDTH = { x: 0.5, y: 1.6, w: 12.3, h: 5.2 };

function addBullets(s: Slide, bullets: readonly string[], box: typeof TEXT, fontSize: number) {
  s.addText(
    bullets.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { ...box, fontFace: FONT, fontSize, color: pptxColor(PALETTE.ink), valign: 'top', paraSpaceAfter: 4, fit: 'shrink' },
  );
}

/**
 * The deck's insurance slide (ADR 219): the coverage sentences, and with an appetite, the loss curve
 * as a native line chart with the chance of exceeding the appetite as a second, level line: the two
 * cross at the appetite. The sentences are the slide's bullets (src/reports/coverage-slide.ts).
 */
export function addCoverageSlide(pptx: PptxGenJS, s: Slide, coverage: Coverage, bullets: readonly string[]) {
  if (coverage.appetite === null) {
    addBullets(s, bullets, FULL_WIDTH, 15);
    return;
  }
  addBullets(s, bullets, TEXT, 12);
  const labels = coverage.lossCurve.map((p) => formatUsdShort(p.lossUsd));
  const { amountUsd, chanceOfExceeding } = coverage.appetite;
  s.addChart(
    pptx.ChartType.line,
    [
      { name: 'Chance a year costs more (before insurance)', labels, values: coverage.lossCurve.map((p) => p.probability) },
      {
        name: `Chance of exceeding the ${formatUsdShort(amountUsd)} appetite: ${formatPercent(chanceOfExceeding.probability)}`,
        labels,
        values: coverage.lossCurve.map(() => chanceOfExceeding.probability),
      },
    ],
    {
      ...CHART,
      chartColors: [pptxColor(PALETTE.accent), pptxColor(PALETTE.bad)],
      lineDataSymbol: 'none',
      lineSize: 2,
      showLegend: true,
      legendPos: 'b',
      legendFontSize: 10,
      catAxisLabelFrequency: '6',
      catAxisTitle: 'Annual loss',
      showCatAxisTitle: true,
      valAxisMinVal: 0,
      valAxisLabelFormatCode: '0%',
      catAxisLabelFontSize: 10,
      valAxisLabelFontSize: 10,
    },
  );
}
