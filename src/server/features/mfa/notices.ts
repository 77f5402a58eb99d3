import type { Mailer } from '../../mail/mailer.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';

/** E-mail notices for every MFA change and lock-out (MFA-07); they never contain codes, and the one link that unlocks is sealed in the outbox (ADR 190). */
export type MfaNotice =
  | { kind: 'enrolled' }
  | { kind: 'disabled' }
  | { kind: 'regenerated' }
  | { kind: 'backup_code_used'; remaining: number }
  | { kind: 'locked'; minutes: number }
  | { kind: 'hard_locked'; unlockUrl: string };

const FOOTER = '\n\nIf this was not you, change your password at once and contact support.\n\n— CIFER';

export function composeMfaNotice(notice: MfaNotice): Omit<OutgoingEmail, 'to'> {
  switch (notice.kind) {
    case 'enrolled':
      return { subject: 'Two-factor authentication turned on', text: `Two-factor authentication is now active on your CIFER account. Keep your backup codes somewhere safe.${FOOTER}` };
    case 'disabled':
      return {
        subject: 'Two-factor authentication turned off',
        text: `Two-factor authentication was turned off on your CIFER account and your other sessions were signed out. You must set it up again before using CIFER.${FOOTER}`,
      };
    case 'regenerated':
      return { subject: 'New backup codes generated', text: `New backup codes were generated for your CIFER account; the old ones no longer work.${FOOTER}` };
    case 'backup_code_used':
      return {
        subject: 'A backup code was used to sign in',
        text: `A backup code was just used to sign in to your CIFER account. ${notice.remaining} backup code${notice.remaining === 1 ? '' : 's'} remain${notice.remaining === 1 ? 's' : ''}.${FOOTER}`,
      };
    case 'locked':
      return {
        subject: 'Two-factor verification locked',
        text: `Several wrong two-factor codes were entered for your CIFER account, so verification is locked for ${notice.minutes} minutes.${FOOTER}`,
      };
    case 'hard_locked':
      return {
        subject: 'Two-factor verification locked until you unlock it',
        text: `Too many wrong two-factor codes were entered for your CIFER account, so two-factor verification is locked. If it was you, open this link to unlock it (valid for 7 days):\n\n${notice.unlockUrl}\n\nOtherwise ask an administrator.${FOOTER}`,
        secrets: [{ value: notice.unlockUrl, shownAs: '[unlock link: only the recipient can use it]' }],
      };
  }
}

export async function sendMfaNotice(mailer: Mailer, to: string, notice: MfaNotice): Promise<void> {
  await mailer.send({ to, ...composeMfaNotice(notice) });
}
