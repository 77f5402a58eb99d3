import type { ApiToken, ApiTokenScope } from '@/contracts/api-tokens.ts';

export type TokenState = 'active' | 'expired' | 'revoked';

export function tokenState(token: ApiToken, now: Date): TokenState {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

export const TOKEN_STATE_LABEL = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } satisfies Record<TokenState, string>;

/** What each scope lets a token do, in the words of the create form and the list. */
export const SCOPE_LABEL = { read: 'Read', write: 'Write' } satisfies Record<ApiTokenScope, string>;
export const SCOPE_HINT = {
  read: 'List and read assessments, results, reports, the trend and the action plan; run what-ifs.',
  write: 'Create, change, complete, duplicate and import assessments. Includes Read: each write answers with the assessment it wrote.',
} satisfies Record<ApiTokenScope, string>;

export function describeScopes(scopes: ApiTokenScope[]): string {
  return scopes.map((scope) => SCOPE_LABEL[scope]).join(' and ');
}

/** Lifetimes offered when creating a token, in days (the server allows 1 to 365). */
export const EXPIRY_CHOICES = [30, 90, 180, 365] as const;

export function formatTokenDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
