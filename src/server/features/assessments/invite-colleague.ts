import { and, eq, sql } from 'drizzle-orm';
import type { Assessment, InviteColleagueBody, InviteColleagueResponse } from '@/contracts/assessments.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';

export const NOT_A_MEMBER_MESSAGE =
  'This person has no CIFER account in your organisation yet. Ask your administrator to give them one (or ask them to request access with this e-mail address), then invite them again.';

function toHeaderText(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim().slice(0, 120);
}

/**
 * "Hand this to your security lead" (issue #12, ADR 111): e-mails a colleague who already has an
 * active account in the same organisation a link to the assessment. Anyone else is refused with
 * a message saying what to do; no account or invitation is created on their behalf.
 */
export async function inviteColleague(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  assessment: Assessment;
  inviter: AuthContext['user'];
  body: InviteColleagueBody;
}): Promise<InviteColleagueResponse> {
  const { db, mailer, appUrl, assessment, inviter, body } = options;
  if (body.email === inviter.email.toLowerCase()) throw new AppError('bad_request', 'Enter a colleague’s e-mail address, not your own.');
  const [colleague] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, body.email), eq(users.organizationId, inviter.organizationId), eq(users.status, 'active')))
    .limit(1);
  if (!colleague) throw new AppError('bad_request', NOT_A_MEMBER_MESSAGE);
  const inviterName = toHeaderText(`${inviter.firstName} ${inviter.lastName}`) || inviter.email;
  const link = new URL(`/?id=${assessment.id}`, appUrl).toString();
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
