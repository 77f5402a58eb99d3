import { readFile } from 'node:fs/promises';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { FACTORS } from '@/engine/factors.ts';
import { RISK_BANDS, REVENUE_SHARE_EDGES } from '@/engine/risk-score.ts';
import { SCENARIOS_EXPLANATION, UNCERTAINTY_EXPLANATION } from '@/reports/loss-scenario-words.ts';

/**
 * The resource `cifer://methodology`: docs/methodology.md (the Methodology page in plain words)
 * followed by what the engine itself declares (version, scenarios, band edges, factors), so an
 * assistant reads the same model the results come from.
 */
export const METHODOLOGY_URI = 'cifer://methodology';

const METHODOLOGY_FILE = new URL('../../../../docs/methodology.md', import.meta.url);

const percent = (share: number) => `${Number((share * 100).toPrecision(3))}%`;

function bandEdges(): string[] {
  const figures = [
    ['Expected annual loss', REVENUE_SHARE_EDGES.expectedUsd],
    ['A 1-in-20 year', REVENUE_SHARE_EDGES.oneInTwentyUsd],
    ['A 1-in-100 year', REVENUE_SHARE_EDGES.oneInHundredUsd],
  ] as const;
  const bands = RISK_BANDS.slice(1).map((band) => band.label);
  return figures.map(([label, edges]) => `- ${label}: ${edges.map((edge, i) => `${bands[i]} from ${percent(edge)}`).join(', ')} of annual revenue`);
}

/** The part written from the engine's own declarations. */
export function engineFacts(): string {
  return [
    `## The current model (engine ${ENGINE_VERSION})`,
    '',
    '### Where the loss comes from',
    '',
    ...SCENARIOS_EXPLANATION.map((sentence) => `- ${sentence}`),
    '',
    '### How certain the figures are',
    '',
    ...UNCERTAINTY_EXPLANATION,
    '',
    '### Risk band edges (each figure as a share of revenue; the band is the worst of the three)',
    '',
    ...bandEdges(),
    '',
    `### The ${FACTORS.length} factors`,
    '',
    ...FACTORS.map((factor) => `- ${factor.id} ${factor.name} (${factor.kind}): ${factor.question} Answers: ${factor.options.map((option) => `${option.value} = "${option.label}"`).join(', ')}, unknown = "I don't know".`),
  ].join('\n');
}

let cached: string | null = null;

/** The whole text, read once per process (the file ships with the code and does not change while it runs). */
export async function methodologyMarkdown(): Promise<string> {
  cached ??= `${await readFile(METHODOLOGY_FILE, 'utf8')}\n${engineFacts()}\n`;
  return cached;
}
