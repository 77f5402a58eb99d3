import type { PlanId } from '@/contracts/billing.ts';

/**
 * What a visitor typed on /subscribe, carried to /checkout in this tab only (sessionStorage), so
 * the e-mail address never travels in a URL.
 */
const KEY = 'cifer-checkout-draft';

interface CheckoutDraft {
  plan: PlanId;
  email?: string;
  company?: string;
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage blocked: /checkout asks again.
  }
}

export function readCheckoutDraft(): Partial<CheckoutDraft> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as Partial<CheckoutDraft>) : {};
  } catch {
    return {};
  }
}

/** The claim code, kept out of the address bar (and the history) once the page has read it. */
const CLAIM_KEY = 'cifer-claim-token';

export function saveClaimToken(token: string): void {
  try {
    sessionStorage.setItem(CLAIM_KEY, token);
  } catch {
    // Storage blocked: the code stays in memory only.
  }
}

export function readClaimToken(): string | null {
  try {
    return sessionStorage.getItem(CLAIM_KEY);
  } catch {
    return null;
  }
}

export function clearClaimToken(): void {
  try {
    sessionStorage.removeItem(CLAIM_KEY);
  } catch {
    // nothing to clear
  }
}

export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
