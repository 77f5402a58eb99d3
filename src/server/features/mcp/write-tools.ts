import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { V1AssessmentSchema, V1ResultSchema, type V1Assessment } from '@/contracts/public-api.ts';
import { FACTOR_COUNT } from '@/engine/factors.ts';
import type { ApiClient } from './api-client.ts';
import { AssessmentInput, RecordAnswersInput, StartDraftInput } from './tool-inputs.ts';
import { callApi, segment, toolAnswer } from './tool-results.ts';

/**
 * The tools that change something: a draft, its answers, its completion. They need a token with
 * the write scope; the API refuses a read-only token (403) and the tool says so (isError).
 */

const WRITES = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

function draftState(assessment: V1Assessment) {
  const answered = Object.values(assessment.input.factors ?? {}).filter((answer) => answer !== undefined).length;
  return { id: assessment.id, title: assessment.title, status: assessment.status, factorsAnswered: answered, factorCount: FACTOR_COUNT, input: assessment.input };
}

async function startDraft(client: ApiClient, body: z.infer<typeof StartDraftInput>) {
  const outcome = await callApi(client, 'POST', '/api/v1/assessments', V1AssessmentSchema, body);
  if (!outcome.ok) return outcome.result;
  const state = draftState(outcome.value);
  return toolAnswer(`Draft "${state.title}" started (id ${state.id}); ${state.factorsAnswered} of ${FACTOR_COUNT} factors answered. Record answers with record_answers, then complete_assessment.`, state);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved answers with the new ones laid over them, nested groups (organisation, records, factors, frameworks) key by key. */
function mergeAnswers(saved: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...saved };
  for (const [key, value] of Object.entries(changes)) {
    const before = merged[key];
    merged[key] = isPlainObject(before) && isPlainObject(value) ? mergeAnswers(before, value) : value;
  }
  return merged;
}

/**
 * The API's PATCH replaces a draft's answers; an assistant gives them a few at a time, so the tool
 * reads the draft and sends the saved answers with the new ones laid over them.
 */
async function recordAnswers(client: ApiClient, { assessmentId, title, input }: z.infer<typeof RecordAnswersInput>) {
  const path = `/api/v1/assessments/${segment(assessmentId)}`;
  let body: { title?: string; input?: DraftRiskInput } = title === undefined ? {} : { title };
  if (input !== undefined) {
    const saved = await callApi(client, 'GET', path, V1AssessmentSchema);
    if (!saved.ok) return saved.result;
    // Control costs come only with an assessment saved from a what-if, never into a draft's answers.
    const { controlCostOverrides: _costs, ...savedAnswers } = saved.value.input;
    body = { ...body, input: mergeAnswers(savedAnswers, input) as DraftRiskInput };
  }
  const outcome = await callApi(client, 'PATCH', path, V1AssessmentSchema, body);
  if (!outcome.ok) return outcome.result;
  const state = draftState(outcome.value);
  return toolAnswer(`Saved. "${state.title}" has ${state.factorsAnswered} of ${FACTOR_COUNT} factors answered.`, state);
}

async function completeAssessment(client: ApiClient, { assessmentId }: { assessmentId: string }) {
  const completed = await callApi(client, 'POST', `/api/v1/assessments/${segment(assessmentId)}/complete`, V1AssessmentSchema);
  if (!completed.ok) return completed.result;
  const result = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}/result`, V1ResultSchema);
  if (!result.ok) return result.result;
  const { figures, range, riskBand, topDrivers } = result.value;
  return toolAnswer(`Completed "${result.value.title}". ${result.value.summary}`, { assessmentId, figures, range, riskBand, topDrivers });
}

export function registerWriteTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'start_draft',
    {
      title: 'Start a draft assessment',
      description: `Starts a draft assessment in the organisation, optionally with a title and first answers (organisation profile, the ${FACTOR_COUNT} factors, frameworks, insurance). Needs a token with the write scope.`,
      inputSchema: StartDraftInput,
      annotations: WRITES,
    },
    (input) => startDraft(client, input),
  );
  server.registerTool(
    'record_answers',
    {
      title: 'Record answers of a draft',
      description: 'Saves the title or some answers of a draft assessment, in the same shape as start_draft; the answers given are added to those already saved (a factor given again is replaced). Needs a token with the write scope.',
      inputSchema: RecordAnswersInput,
      annotations: { ...WRITES, idempotentHint: true },
    },
    (input) => recordAnswers(client, input),
  );
  server.registerTool(
    'complete_assessment',
    {
      title: 'Complete an assessment',
      description: 'Runs the risk model on a draft whose answers are complete, stores the result and gives its headline. Needs a token with the write scope.',
      inputSchema: AssessmentInput,
      annotations: WRITES,
    },
    (input) => completeAssessment(client, input),
  );
}
