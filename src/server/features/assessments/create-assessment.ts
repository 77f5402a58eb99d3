import type { CreateAssessmentBody, DraftRiskInput } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { insertAssessment } from '../../db/repositories/assessment-writes.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { MAX_TITLE_LENGTH } from './require-assessment.ts';

function defaultTitle(now: Date, organisationName?: string): string {
  const date = now.toISOString().slice(0, 10);
  return organisationName ? `${organisationName} — ${date}`.slice(0, MAX_TITLE_LENGTH) : `Risk assessment ${date}`;
}

/**
 * POST /api/assessments: a new draft of the caller's current organisation, on the path chosen
 * (commercial unless said), opening on the profile step. Untitled drafts are named after the
 * organisation and the day. Returns the new id.
 */
export async function createAssessment(options: { db: Database; user: AuthContext['user']; body: CreateAssessmentBody; now: Date }): Promise<string> {
  const { db, user, body, now } = options;
  const input: DraftRiskInput = body.input ?? {};
  return insertAssessment(db, {
    organizationId: user.organizationId,
    authorId: user.id,
    title: body.title ?? defaultTitle(now, input.organisation?.name),
    input,
    status: 'draft',
    path: body.path ?? 'commercial',
    currentStep: 'profile',
    now,
  });
}
