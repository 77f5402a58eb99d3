/** Pieces every plain-text e-mail of CIFER shares, so features' messages read alike. */
export const EMAIL_SIGNATURE = '\n\n-- \nCIFER - Cybersecurity Risk Assessment';

/** The sign-in page, for links in e-mails. */
export function signInUrl(appUrl: string): string {
  return new URL('/auth', appUrl).toString();
}
