import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import { V1EvidenceSchema, type V1Evidence } from '@/contracts/public-api.ts';
import type { ApiClient } from './api-client.ts';
import { factorName } from './factor-words.ts';
import { AssessmentInput, RecordEvidenceInput } from './tool-inputs.ts';
import { callApi, segment, toolAnswer } from './tool-results.ts';

/**
 * Framework evidence (ADR 318, 320): which compliance frameworks an assessment records, the notes on
 * where the proof of each control is kept, and the answers that evidence supports.
 */

function evidenceWords(evidence: V1Evidence): string {
  const answered = evidence.frameworks.filter((f) => f.status !== null);
  const notes = Object.entries(evidence.notes);
  return [
    `Framework evidence of "${evidence.title}" (${evidence.status}):`,
    ...(answered.length === 0 ? ['- No framework answered.'] : answered.map((f) => `- ${f.name}: ${f.statusLabel}${f.since ? ` since ${f.since}` : ''}`)),
    evidence.suggestions.length === 0 ? 'It evidences no factor answer.' : 'Answers it evidences:',
    ...evidence.suggestions.map((s) => `- ${factorName(s.factorId)}: ${s.bound === 'atLeast' ? 'at least ' : ''}${s.suggestedAnswer} (${s.reasons.map((r) => r.note).join('; ')})`),
    notes.length === 0 ? 'No evidence notes.' : 'Evidence notes:',
    ...notes.map(([factorId, note]) => `- ${factorName(factorId as keyof V1Evidence['notes'])}: ${note}`),
  ].join('\n');
}

async function getEvidence(client: ApiClient, { assessmentId }: z.infer<typeof AssessmentInput>) {
  const outcome = await callApi(client, 'GET', `/api/v1/assessments/${segment(assessmentId)}/evidence`, V1EvidenceSchema);
  if (!outcome.ok) return outcome.result;
  return toolAnswer(evidenceWords(outcome.value), outcome.value);
}

async function recordEvidence(client: ApiClient, { assessmentId, ...changes }: z.infer<typeof RecordEvidenceInput>) {
  const outcome = await callApi(client, 'PATCH', `/api/v1/assessments/${segment(assessmentId)}/evidence`, V1EvidenceSchema, changes);
  if (!outcome.ok) return outcome.result;
  return toolAnswer(`Saved. ${evidenceWords(outcome.value)}`, outcome.value);
}

export function registerEvidenceTools(server: McpServer, client: ApiClient): void {
  server.registerTool(
    'get_evidence',
    {
      title: 'Framework evidence of an assessment',
      description: 'The compliance frameworks an assessment records (status, since when, NIST CSF tiers), the evidence notes per factor, and the factor answers that evidence supports.',
      inputSchema: AssessmentInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) => getEvidence(client, input),
  );
  server.registerTool(
    'record_evidence',
    {
      title: 'Record framework evidence of a draft',
      description:
        'Sets framework statuses and evidence notes of a draft assessment: each framework or note given replaces the saved one, null removes it, the rest stays. Needs a token with the write scope.',
      inputSchema: RecordEvidenceInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (input) => recordEvidence(client, input),
  );
}
