/** A unique index refused the write: PostgreSQL's 23505, possibly wrapped by the driver or Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && (current as { code: unknown }).code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? (current as { cause: unknown }).cause : null;
  }
  return false;
}
