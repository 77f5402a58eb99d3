const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request only reads (RFC 9110's safe methods, TRACE aside: Fastify does not route it).
 * A write is everything else: the CSRF check guards it, an API token's call is audited, and it lets
 * go of its organisation's kept first page (ADR 251).
 */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
