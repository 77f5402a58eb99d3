import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { V1ActionPlanSchema, V1AssessmentPageSchema, V1ResultSchema, V1WhatChangedSchema, type V1AssessmentListItem } from '@/contracts/public-api.ts';
import type { ApiClient } from './api-client.ts';
import { factorName } from './factor-words.ts';
import { ActionPlanInput, CompareInput, ListAssessmentsInput } from './tool-inputs.ts';
import { callApi, formatChange, formatUsd, segment, toolAnswer } from './tool-results.ts';

/** The tools that look across assessments: the list, what changed between two, the action plan. */

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

function listLine(item: V1AssessmentListItem): string {
  const loss = item.summary ? `, expected annual loss ${formatUsd(item.summary.expectedAnnualLossUsd)} (${item.summary.riskBand.label})` : '';
  const when = item.completedAt ? `completed ${item.completedAt.slice(0, 10)}` : `draft, last changed ${item.updatedAt.slice(0, 10)}`;
  return `- ${item.title} [${item.id}]: ${when}${loss}`;
}

async function listAssessments(client: ApiClient, { limit, cursor }: { limit: number; cursor?: string | undefined }) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  const outcome = await callApi(client, 'GET', `/api/v1/assessments?${query.toString()}`, V1AssessmentPageSchema);
  if (!outcome.ok) return outcome.result;
  const { items, nextCursor } = outcome.value;
  const more = nextCursor ? `\nMore: call again with cursor "${nextCursor}".` : '';
  const words = items.length === 0 ? 'No assessments in this organisation yet.' : `${items.length} assessment(s), newest first:\n${items.map(listLine).join('\n')}${more}`;
  const compact = items.map(({ id, title, status, completedAt, summary }) => ({ id, title, status, completedAt, expectedAnnualLossUsd: summary?.expectedAnnualLossUsd ?? null }));
  return toolAnswer(words, { items: compact, nextCursor });
}

async function compareAssessments(client: ApiClient, { assessmentId, againstAssessmentId }: { assessmentId: string; againstAssessmentId?: string | undefined }) {
  const query = againstAssessmentId ? `?${new URLSearchParams({ against: againstAssessmentId }).toString()}` : '';
  const outcome = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}/what-changed${query}`, V1WhatChangedSchema);
  if (!outcome.ok) return outcome.result;
  const { whatChanged } = outcome.value;
  if (!whatChanged) return toolAnswer('There is no earlier completed assessment to compare this one with.', outcome.value);
  const { previous, current, steps, totalDeltaUsd } = whatChanged;
  const words = [
    `From ${previous.title} (${previous.completedAt.slice(0, 10)}, ${formatUsd(previous.aleUsd)}) to ${current.title} (${current.completedAt.slice(0, 10)}, ${formatUsd(current.aleUsd)}): the expected annual loss went ${formatChange(totalDeltaUsd)} a year.`,
    ...steps.map((step) => `- ${step.label}: ${formatChange(step.deltaUsd)}${step.changes.length > 0 ? ` (${step.changes.join('; ')})` : ''}`),
  ].join('\n');
  return toolAnswer(words, outcome.value);
}

async function getActionPlan(client: ApiClient, { assessmentId }: { assessmentId?: string | undefined }) {
  const plan = await callApi(client, 'GET', '/api/v1/monitoring/plan', V1ActionPlanSchema);
  if (!plan.ok) return plan.result;
  const { summary, actions } = plan.value;
  const resultId = assessmentId ?? summary.baseline?.assessmentId;
  if (!resultId) return toolAnswer('There is no completed assessment yet, so there is no plan to measure. Complete an assessment first.', { summary, actions: [] });
  const result = await callApi(client, 'GET', `/api/v1/assessments/${segment(resultId)}/result`, V1ResultSchema);
  if (!result.ok) return result.result;
  const open = actions.filter((action) => action.status !== 'done' && action.status !== 'declined');
  const words = [
    open.length === 0
      ? 'The action plan has no open actions.'
      : `${open.length} open action(s), ${summary.overdueCount} overdue; doing them all would lower the expected annual loss by ${formatUsd(summary.committedReductionUsd)} a year.`,
    ...open.map((action) => `- ${action.title} (${action.factorId}): ${action.status.replace('_', ' ')}${action.dueDate ? `, due ${action.dueDate}` : ''}${action.owner ? `, owner ${action.owner.name}` : ''}`),
    `Recommendations of ${result.value.title}:`,
    ...result.value.recommendations.map((item) => `- ${factorName(item.factorId)}: saves ${formatUsd(item.savingUsd)} a year for about ${formatUsd(item.costUsd)} a year${item.required ? ' (required)' : ''}`),
  ].join('\n');
  return toolAnswer(words, { summary, actions: open, recommendations: result.value.recommendations });
}

export function registerOverviewTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'list_assessments',
    {
      title: 'List assessments',
      description: "The organisation's assessments, newest first: title, status, when completed and the expected annual loss. Ids from here go into the other tools.",
      inputSchema: ListAssessmentsInput,
      annotations: READ_ONLY,
    },
    (input) => listAssessments(client, input),
  );
  server.registerTool(
    'compare_assessments',
    {
      title: 'What changed between two assessments',
      description: 'How the expected annual loss moved from an earlier completed assessment to a later one, step by step (model, answers, frameworks, profile), with the answers that changed.',
      inputSchema: CompareInput,
      annotations: READ_ONLY,
    },
    (input) => compareAssessments(client, input),
  );
  server.registerTool(
    'get_action_plan',
    {
      title: 'Action plan',
      description: "The organisation's action plan (open actions, owners, due dates, the reduction they commit to) and the recommendations of a completed assessment with their savings and costs.",
      inputSchema: ActionPlanInput,
      annotations: READ_ONLY,
    },
    (input) => getActionPlan(client, input),
  );
}
