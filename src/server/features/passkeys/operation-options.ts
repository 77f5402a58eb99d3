import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { RelyingParty } from './relying-party.ts';

/** What every passkey operation takes; routes.ts builds it from the app and the request. */
export interface PasskeyOperationOptions {
  db: Database;
  relyingParty: RelyingParty;
  now: Date;
  audit: Audit;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}
