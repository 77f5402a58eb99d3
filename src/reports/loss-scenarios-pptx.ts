import type PptxGenJS from 'pptxgenjs';
import type { ScenarioSection } from './loss-scenario-report.ts';
import { PALETTE, pptxColor } from './palette.ts';
import { wrapText } from './text-fit.ts';

type Slide = ReturnType<PptxGenJS['addSlide']>;

const FONT = 'Calibri';
const TEXT = { x: 0.5, y: 1.7, w: 4.9, h: 5.1 };
const CHART = { x: 5.6, y: 1.7, w: 7.3, h: 5.1 };
/** Room of a category label of the bar chart, as the other bar charts of the deck (render-pptx.ts). */
export const SCENARIO_LABEL_WIDTH_PT = 150;
export const SCENARIO_LABEL_FONT_SIZE = 11;

/** A scenario label wrapped to the category axis' room ("Business e-mail compromise & funds-transfer fraud" is long). */
export function scenarioChartLabel(label: string): string {
  return wrapText(label, SCENARIO_LABEL_FONT_SIZE, SCENARIO_LABEL_WIDTH_PT).join('\n');
}

/**
 * The deck's scenarios slide (ADR 208): a native, editable bar chart of the expected annual loss by
 * scenario (value axis from zero, labels wrapped to fit) and, beside it, each scenario's chance
 * this year and cost per incident. The speaker notes are the slide's (SCENARIOS_NOTES).
 */
export function addScenariosSlide(pptx: PptxGenJS, s: Slide, section: ScenarioSection) {
  s.addText(
    [...section.shortLines, ...section.fixLines].map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { ...TEXT, fontFace: FONT, fontSize: 11, color: pptxColor(PALETTE.ink), valign: 'top', paraSpaceAfter: 4, fit: 'shrink' },
  );
  // A bar chart draws its first category at the bottom: reversed so the largest reads first.
  const bottomUp = [...section.scenarios].reverse();
  s.addChart(
    pptx.ChartType.bar,
    [
      {
        name: 'Expected annual loss by scenario',
        labels: bottomUp.map((x) => scenarioChartLabel(x.label)),
        values: bottomUp.map((x) => Math.round(x.expectedAnnualLossUsd)),
      },
    ],
    {
      ...CHART,
      barDir: 'bar',
      valAxisMinVal: 0,
      chartColors: [pptxColor(PALETTE.accent)],
      showLegend: false,
      showValue: true,
      dataLabelFormatCode: '$#,##0',
      valAxisLabelFormatCode: '$#,##0',
      catAxisLabelFontSize: SCENARIO_LABEL_FONT_SIZE,
      valAxisLabelFontSize: 10,
      dataLabelFontSize: 10,
    },
  );
}
