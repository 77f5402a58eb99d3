import { EMAIL_SIGNATURE as signature, signInUrl } from '../../mail/email-text.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';

/** The texts of every account e-mail, in one place so they read alike. Plain text only. */

export function passwordResetEmail(to: string, appUrl: string, token: string): OutgoingEmail {
  // The token travels in the fragment, which browsers never send to a server or put in a Referer.
  const link = `${new URL('/reset-password', appUrl).toString()}#token=${token}`;
  return {
    to,
    subject: 'Reset your CIFER password',
    text: `Someone (hopefully you) asked to reset the password of your CIFER account.\n\nSet a new password here within the next hour:\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays unchanged.${signature}`,
    secrets: [{ value: link, shownAs: '[password-reset link: only the recipient can use it]' }],
  };
}

export function passwordChangedEmail(to: string, appUrl: string, how: 'reset' | 'changed'): OutgoingEmail {
  return {
    to,
    subject: 'Your CIFER password was changed',
    text: `The password of your CIFER account was ${how === 'reset' ? 'reset with an e-mailed link' : 'changed from your account page'}. ${
      how === 'reset' ? 'Every signed-in session was signed out.' : 'Your other sessions were signed out.'
    }\n\nIf this was not you, reset your password at once from ${signInUrl(appUrl)} ("Forgot password") and contact support.${signature}`,
  };
}

export function accountLockedEmail(to: string, appUrl: string): OutgoingEmail {
  return {
    to,
    subject: 'Your CIFER account was locked',
    text: `After many failed sign-in attempts, signing in to your CIFER account with a password is locked.\n\nTo unlock it, reset your password from ${signInUrl(appUrl)} ("Forgot password"). If the attempts were not yours, someone may be guessing your password: choose a new, unique one.${signature}`,
  };
}

export function existingAccountEmail(to: string, appUrl: string, attempt: 'sign-up' | 'access request'): OutgoingEmail {
  return {
    to,
    subject: 'About your CIFER account',
    text: `Someone tried to create a CIFER account (${attempt}) with this e-mail address, which already has one.\n\nIf it was you, sign in at ${signInUrl(appUrl)}, or use "Forgot password" there to set a new password. If it was not you, you can ignore this e-mail.${signature}`,
  };
}

export function accessRequestReceivedEmail(to: string, firstName: string): OutgoingEmail {
  return {
    to,
    subject: 'We received your CIFER access request',
    text: `Hello ${firstName},\n\nThank you for requesting access to CIFER. An administrator will review your request, and you will receive an e-mail once a decision is made. Until then you cannot sign in.${signature}`,
  };
}

export function accessRequestAdminEmail(
  to: string,
  appUrl: string,
  request: { email: string; firstName: string; lastName: string; company?: string | undefined; phone?: string | undefined; message?: string | undefined },
): OutgoingEmail {
  const lines = [
    `Name: ${request.firstName} ${request.lastName}`,
    `E-mail: ${request.email}`,
    `Company: ${request.company || '-'}`,
    `Phone: ${request.phone || '-'}`,
    `Message: ${request.message || '-'}`,
  ];
  return {
    to,
    subject: 'New CIFER access request',
    text: `A new access request is waiting for a decision.\n\n${lines.join('\n')}\n\nReview it in the administration console: ${new URL('/admin', appUrl).toString()}${signature}`,
  };
}
