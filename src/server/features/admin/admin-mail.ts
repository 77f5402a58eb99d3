import { EMAIL_SIGNATURE as signature, signInUrl } from '../../mail/email-text.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';

/** The e-mails an administrator's decision on an access request sends. Plain text only. */

export function accessApprovedEmail(to: string, appUrl: string, firstName: string, note?: string | null): OutgoingEmail {
  return {
    to,
    subject: 'Your CIFER access has been granted',
    text: `Hello ${firstName},\n\nGood news: your request for access to CIFER has been approved. You can now sign in with the e-mail address and password you chose:\n${signInUrl(appUrl)}\n\nAt your first sign-in you will set up two-factor authentication with an authenticator app.${
      note ? `\n\nNote from the administrator: ${note}` : ''
    }${signature}`,
  };
}

export function accessRejectedEmail(to: string, firstName: string, note?: string | null): OutgoingEmail {
  return {
    to,
    subject: 'Your CIFER access request',
    text: `Hello ${firstName},\n\nThank you for your interest in CIFER. After review, we are unable to grant access at this time.${
      note ? `\n\nNote from the administrator: ${note}` : ''
    }\n\nIf you believe this is a mistake, reply to this e-mail or contact our support team.${signature}`,
  };
}

export function mfaResetEmail(to: string, appUrl: string, firstName: string): OutgoingEmail {
  return {
    to,
    subject: 'Your CIFER two-factor authentication was reset',
    text: `Hello ${firstName},\n\nAn administrator reset the two-factor authentication of your CIFER account, and all your sessions were ended. At your next sign-in you will set up an authenticator app again:\n${signInUrl(appUrl)}\n\nIf you did not ask for this, contact our support team at once.${signature}`,
  };
}
