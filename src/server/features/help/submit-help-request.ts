import { getHelpUserEmail, getHelpUserName, HELP_CATEGORY_LABELS, type HelpCategory } from '@/contracts/help.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AuthContext } from '../../sessions/auth-context.ts';
import { insertHelpRequest } from './help-repository.ts';

function toHeaderText(value: string, max = 120): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, max);
}

/**
 * Stores a help request under the signed-in user's identity (spec section 3 rules applied to the
 * session user, never to what the browser sent) and queues one e-mail to support.
 */
export async function submitHelpRequest(options: {
  db: Database;
  mailer: Mailer;
  supportEmail: string;
  user: AuthContext['user'];
  input: { category: HelpCategory; subject: string; message: string };
  now: Date;
}): Promise<string> {
  const { db, mailer, supportEmail, user, input, now } = options;
  const userEmail = getHelpUserEmail(user);
  const userName = getHelpUserName(user);
  const id = await insertHelpRequest(db, { userId: user.id, category: input.category, subject: input.subject, message: input.message, userEmail, userName, now });
  await mailer.send({
    to: supportEmail,
    subject: `[CIFER Help] ${HELP_CATEGORY_LABELS[input.category]}: ${toHeaderText(input.subject)}`,
    text: [
      `From: ${userName} <${userEmail}>`,
      `Category: ${HELP_CATEGORY_LABELS[input.category]}`,
      `Subject: ${input.subject}`,
      '',
      input.message,
      '',
      `Request id: ${id}`,
      'Reply to the user by e-mail, then mark the request answered under Admin > Help requests.',
    ].join('\n'),
  });
  return id;
}
