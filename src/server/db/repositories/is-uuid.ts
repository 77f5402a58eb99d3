const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that are not UUIDs can never match; answering "not found" early keeps PostgreSQL from raising a cast error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
