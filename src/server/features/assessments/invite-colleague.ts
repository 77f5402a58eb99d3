import type { InviteColleagueBody, InviteColleagueResponse } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import type { AssessmentRecord } from '../../db/repositories/assessment-record.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { findColleague } from './colleague-repository.ts';

export const NOT_A_MEMBER_MESSAGE =
  'This person has no CIFER account in your organisation yet. An owner of the organisation can invite them (Organisations, Members); once they have joined, hand this over again.';

export const VIEWER_MESSAGE =
  'This person can only view assessments in your organisation. An owner can make them a member (in Organisations), then invite them again.';

function toHeaderText(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim().slice(0, 120);
}

/**
 * "Hand this to your security lead" (ADR 111, ADR 146): e-mails a colleague who is an
 * active member or owner of the inviter's current organisation (a membership, or the home
 * organisation of an account that predates memberships) a link to the assessment that opens it in
 * that organisation. Anyone else is refused with a message saying what to do; no account or
 * invitation is created on their behalf (an owner invites people into the organisation first).
 */
export async function inviteColleague(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  assessment: AssessmentRecord;
  inviter: AuthContext['user'];
  body: InviteColleagueBody;
}): Promise<InviteColleagueResponse> {
  const { db, mailer, appUrl, assessment, inviter, body } = options;
  if (body.email === inviter.email.toLowerCase()) throw new AppError('bad_request', 'Enter a colleague’s e-mail address, not your own.');
  const organizationId = inviter.organizationId;
  const colleague = await findColleague(db, organizationId, body.email);
  if (!colleague) throw new AppError('bad_request', NOT_A_MEMBER_MESSAGE);
  // Same rule as the session's role (ADR 140): a home organisation without a membership row is owned.
  if (colleague.membershipRole === 'viewer') throw new AppError('bad_request', VIEWER_MESSAGE);
  const inviterName = toHeaderText(`${inviter.firstName} ${inviter.lastName}`) || inviter.email;
  const link = new URL(`/?id=${assessment.id}&organization=${organizationId}`, appUrl).toString();
  const unknownCount = assessment.result?.unknownFactors.length ?? 0;
  const note = body.message ? `\n\n${inviterName} wrote:\n${body.message}` : '';
  await mailer.send({
    to: colleague.email,
    subject: toHeaderText(`${inviterName} asks you to refine a cyber-risk assessment`),
    text:
      `${inviterName} completed the business-leader assessment "${assessment.title}" in CIFER` +
      (unknownCount > 0 ? ` and answered ${unknownCount} of the underlying factors with "I don't know".` : '.') +
      `\n\nAs the security lead you can refine those answers; your answers are recorded under your name and the estimate narrows:\n${link}${note}`,
  });
  return { sentTo: colleague.email, colleagueName: `${colleague.firstName} ${colleague.lastName}`.trim() || colleague.email };
}
