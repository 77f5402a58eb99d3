import type { PlanId } from '@/contracts/billing.ts';
import type { OutgoingEmail } from '../../mail/outbox.ts';

const signature = '\n\n-- \nCIFER - Cybersecurity Risk Assessment';
const PLAN_NAMES: Record<PlanId, string> = { monthly: 'Monthly', annual: 'Annual assessment plan' };

/** The claim link carries the token in its path (spec section 2: /claim-subscription/{token}). */
export function claimSubscriptionEmail(to: string, appUrl: string, token: string, plan: PlanId, validDays: number): OutgoingEmail {
  const link = new URL(`/claim-subscription/${token}`, appUrl).toString();
  return {
    to,
    subject: 'Your CIFER subscription is ready: claim it',
    text: `Thank you for subscribing to CIFER (${PLAN_NAMES[plan]}).\n\nTo start, open this link, then create your CIFER account (or log in if you already have one):\n${link}\n\nOr open ${new URL('/claim-subscription', appUrl).toString()} and enter this code:\n${token}\n\nThe link works once and expires in ${validDays} days. If you did not buy a CIFER subscription, contact support.${signature}`,
    secrets: [
      { value: link, shownAs: '[claim link: only the recipient can use it]' },
      { value: token, shownAs: '[claim code: only the recipient can use it]' },
    ],
  };
}
