import type { Database } from '../../db/client.ts';
import type { Audit } from '../../lib/audit.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';

/** What the account operations take; routes.ts builds it from the app and the request. */
export interface AuthOperationOptions {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** APP_URL: the links in the e-mails. */
  appUrl: string;
  now: Date;
  audit: Audit;
}

/** Who is calling, as the sessions and the audit log record it. */
export interface RequestClient {
  ip: string;
  userAgent: string | undefined;
  requestId: string;
}
