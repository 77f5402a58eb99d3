const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request only reads (RFC 9110's safe methods, TRACE aside: Fastify does not route it).
 * A write is everything else: the CSRF check guards it, and an API token's call is audited.
 */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
