/** Whose tokens a screen manages: the signed-in user's personal tokens, or one organisation's (its owners only). */
export type TokenTarget = { kind: 'personal' } | { kind: 'organization'; organizationId: string };

/** The collection URL of the target's tokens (list and create); a token's own URL adds its id. */
export function tokensPath(target: TokenTarget): string {
  return target.kind === 'personal' ? '/api/account/tokens' : `/api/organizations/${encodeURIComponent(target.organizationId)}/tokens`;
}
