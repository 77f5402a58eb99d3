import type { AnswerProvenance, AssessmentPath, DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTOR_IDS } from '@/engine/factors.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';

/** Entries kept per factor: enough for "who answered what" across a hand-over and a few revisions. */
export const MAX_PROVENANCE_ENTRIES = 10;

/**
 * Records who set each factor answer that changed (ADR 111: the refined assessment keeps the
 * history of who answered what). Computed on the server from what is stored, never taken from
 * the browser.
 */
export function recordAnswerProvenance(
  previous: AnswerProvenance,
  before: DraftRiskInput['factors'],
  after: DraftRiskInput['factors'],
  who: AuthContext['user'],
  path: AssessmentPath,
  now: Date,
): AnswerProvenance {
  const next: AnswerProvenance = { ...previous };
  for (const id of FACTOR_IDS) {
    const answer = after?.[id];
    if (answer === undefined) continue;
    const history = previous[id] ?? [];
    const last = history[history.length - 1];
    if (answer === before?.[id] && last !== undefined && last.answer === answer) continue;
    const entry = { answeredBy: who.id, answeredByName: `${who.firstName} ${who.lastName}`.trim() || who.email, path, answer, at: now.toISOString() };
    next[id] = [...history, entry].slice(-MAX_PROVENANCE_ENTRIES);
  }
  return next;
}
