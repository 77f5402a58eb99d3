import { randomBytes } from 'node:crypto';

/**
 * Request ids for logs and audit records: a random prefix drawn once per process (48 bits, so two
 * instances or two restarts do not share one) and a counter. Unique and cheap: a UUID per request
 * cost more than the counter and told a reader nothing more (ADR 205).
 */
export function createRequestIds(prefix = randomBytes(6).toString('hex')): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}
