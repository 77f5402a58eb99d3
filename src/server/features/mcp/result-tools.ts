import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { V1AssessmentSchema, V1ResultSchema, V1WhatIfSchema, type V1Result } from '@/contracts/public-api.ts';
import { getFactor, type FactorId } from '@/engine/factors.ts';
import type { ApiClient } from './api-client.ts';
import { answerLabel, describeAnswers, factorName } from './factor-words.ts';
import { AssessmentInput, ExplainFactorInput, WhatIfInput } from './tool-inputs.ts';
import { callApi, formatChange, formatPercent, formatUsd, segment, toolAnswer } from './tool-results.ts';

/** The tools that read one completed assessment's result: its headline, one factor, a what-if. */

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

function headline(result: V1Result): string {
  const { figures, range } = result;
  const rangeWords = range ? ` (80% range ${formatUsd(range.lowUsd)} to ${formatUsd(range.highUsd)})` : '';
  const drivers = result.topDrivers.map((driver) => `- ${factorName(driver.factorId)}: ${driver.direction} the expected loss by ${formatUsd(driver.effectUsd)} a year`);
  return [
    `${result.title}, completed ${result.completedAt.slice(0, 10)} (model ${result.engineVersion}).`,
    result.summary,
    `Expected annual loss ${formatUsd(figures.expectedAnnualLossUsd)}${rangeWords}; chance of at least one incident in a year ${formatPercent(figures.probabilityOfIncident)}; a 1-in-20 year costs ${formatUsd(figures.oneIn20YearUsd)}; risk band: ${result.riskBand.label}.`,
    ...(drivers.length > 0 ? ['What moves it most:', ...drivers] : []),
  ].join('\n');
}

async function getResult(client: ApiClient, { assessmentId }: { assessmentId: string }) {
  const outcome = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}/result`, V1ResultSchema);
  if (!outcome.ok) return outcome.result;
  const { figures, range, riskBand, topDrivers, engineVersion } = outcome.value;
  return toolAnswer(headline(outcome.value), { assessmentId, engineVersion, figures, range, riskBand, topDrivers });
}

function effectWords(result: V1Result, factorId: FactorId): string[] {
  const driver = result.topDrivers.find((candidate) => candidate.factorId === factorId);
  const recommendation = result.recommendations.find((candidate) => candidate.factorId === factorId);
  const lines = [
    driver
      ? `Effect: this answer ${driver.direction} the expected annual loss by ${formatUsd(driver.effectUsd)} a year against the average answer (one of the top drivers).`
      : 'Effect: not among the five answers that move the expected loss most.',
  ];
  if (recommendation) {
    const required = recommendation.required ? ' A framework the organisation follows or its insurer requires it.' : '';
    lines.push(`Bringing it to the best answer would save ${formatUsd(recommendation.savingUsd)} a year, for a typical cost of ${formatUsd(recommendation.costUsd)} a year.${required}`);
  }
  return lines;
}

async function explainFactor(client: ApiClient, { assessmentId, factorId }: { assessmentId: string; factorId: FactorId }) {
  const result = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}/result`, V1ResultSchema);
  if (!result.ok) return result.result;
  const assessment = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}`, V1AssessmentSchema);
  if (!assessment.ok) return assessment.result;
  const factor = getFactor(factorId);
  const answer = assessment.value.input.factors?.[factorId];
  const words = [
    `${factorName(factorId)} (${factor.kind === 'mitigator' ? 'a control: the better it is, the lower the loss' : 'an exposure: the more of it, the higher the loss'}).`,
    `Question: ${factor.question}`,
    `Answer given: ${answerLabel(factorId, answer)}.`,
    ...effectWords(result.value, factorId),
    `Why it matters: ${factor.whyItMatters.text} (${factor.whyItMatters.source})`,
  ].join('\n');
  const driver = result.value.topDrivers.find((candidate) => candidate.factorId === factorId) ?? null;
  const recommendation = result.value.recommendations.find((candidate) => candidate.factorId === factorId) ?? null;
  return toolAnswer(words, { assessmentId, factorId, name: factor.name, answer: answer ?? null, driver, recommendation, options: factor.options });
}

async function whatIf(client: ApiClient, { assessmentId, answers }: { assessmentId: string; answers: Parameters<typeof describeAnswers>[0] }) {
  const outcome = await callApi(client, 'POST', `/api/v1/assessments/${segment(assessmentId)}/what-if`, V1WhatIfSchema, { answers });
  if (!outcome.ok) return outcome.result;
  const { before, after, differenceUsd } = outcome.value;
  const words = [
    `With ${describeAnswers(answers) || 'no change'}:`,
    `the expected annual loss would go from ${formatUsd(before.expectedAnnualLossUsd)} to ${formatUsd(after.expectedAnnualLossUsd)} (${formatChange(differenceUsd)} a year);`,
    `a 1-in-20 year from ${formatUsd(before.oneIn20YearUsd)} to ${formatUsd(after.oneIn20YearUsd)}. Nothing was saved.`,
  ].join(' ');
  return toolAnswer(words, outcome.value);
}

export function registerResultTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'get_result',
    {
      title: 'Result of an assessment',
      description: 'The result of a completed assessment: expected annual loss with its 80% range, chance of an incident, bad-year losses, risk band and the answers that move it most, in plain words and as JSON.',
      inputSchema: AssessmentInput,
      annotations: READ_ONLY,
    },
    (input) => getResult(client, input),
  );
  server.registerTool(
    'explain_factor',
    {
      title: 'Explain one factor',
      description: "One factor of a completed assessment: the question, the answer given, how much it moves the expected loss, what fixing it would save and cost, and why it matters.",
      inputSchema: ExplainFactorInput,
      annotations: READ_ONLY,
    },
    (input) => explainFactor(client, input),
  );
  server.registerTool(
    'what_if',
    {
      title: 'What if the answers changed',
      description: 'Re-runs the model of a completed assessment with some answers changed (same random draws) and gives the new figures and the dollar difference. Nothing is stored.',
      inputSchema: WhatIfInput,
      annotations: READ_ONLY,
    },
    (input) => whatIf(client, input),
  );
}
