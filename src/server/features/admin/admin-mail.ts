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

/**
 * Tells an owner that support lifted "SSO required" (ADR 227). It names the organisation and the
 * reason support gave, nothing of the connection (no client ID, no secret): the owner fixes that
 * in CIFER after signing in.
 */
export function ssoRequirementLiftedEmail(to: string, appUrl: string, details: { firstName: string; organizationName: string; reason: string }): OutgoingEmail {
  const { firstName, organizationName, reason } = details;
  return {
    to,
    subject: `Single sign-on is no longer required for ${organizationName}`,
    text: `Hello ${firstName},\n\nCIFER support has turned off "SSO required" for ${organizationName}. People of its domains can sign in with their CIFER password and two-factor authentication again, as well as with single sign-on:\n${signInUrl(appUrl)}\n\nReason given by support: ${reason}\n\nOnce your identity provider connection works again (an expired client secret is the usual cause), turn "SSO required" back on under Organisations, Single sign-on.\n\nIf nobody in your organisation asked for this, contact our support team at once.${signature}`,
  };
}
