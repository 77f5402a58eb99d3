import { EMAIL_SIGNATURE as signature } from '../../mail/email-text.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';

/** The invitation e-mail: the token travels in the URL fragment, so it never reaches a server log. */
export function invitationEmail(to: string, appUrl: string, details: { organizationName: string; inviterName: string; token: string; days: number }): OutgoingEmail {
  const link = new URL(`/invitation#token=${details.token}`, appUrl).toString();
  return {
    to,
    subject: `You are invited to ${details.organizationName} on CIFER`,
    text: `Hello,\n\n${details.inviterName} invites you to join ${details.organizationName} on CIFER, the cybersecurity risk assessment platform.\n\nOpen this link to accept (it works once and expires in ${details.days} days):\n${link}\n\nIf you have no CIFER account yet, you can create one from that page with this e-mail address; you will then set up two-factor authentication with an authenticator app.\n\nIf you did not expect this invitation, you can ignore this e-mail.${signature}`,
    secrets: [{ value: link, shownAs: '[invitation link: only the recipient can use it]' }],
  };
}
