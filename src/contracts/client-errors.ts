import { z } from 'zod';
import { text } from './text.ts';

/**
 * POST /api/client-errors: the error screen tells the server the interface crashed, so the screen's
 * "Our team has been notified" is true (ADR 281). Only what helps find the fault, no personal data:
 * the server keeps a bounded, scrubbed message and the page's path (no query, no fragment).
 */
/** render: the error screen; chunk_load: a script of an older build; uncaught: an error outside rendering (an event handler, a promise nobody awaited). */
export const CLIENT_ERROR_KINDS = ['render', 'chunk_load', 'uncaught'] as const;
export const ClientErrorKindSchema = z.enum(CLIENT_ERROR_KINDS);
export type ClientErrorKind = z.infer<typeof ClientErrorKindSchema>;

/** Longest message the server keeps; a longer one is cut, not refused (a crash report must not bounce). */
export const CLIENT_ERROR_MESSAGE_KEPT = 300;

export const ClientErrorReportSchema = z.strictObject({
  kind: ClientErrorKindSchema,
  message: text().max(2000),
  /** The page's address path, e.g. /assessments/new; a query or fragment is dropped by the server. */
  path: text().max(500),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

export const ClientErrorReportResponseSchema = z.object({
  reported: z.literal(true),
  /** Where users write for help (SUPPORT_EMAIL): the error screen shows it. */
  supportEmail: z.string(),
});
export type ClientErrorReportResponse = z.infer<typeof ClientErrorReportResponseSchema>;

/** GET /api/client-config: what the interface shows that an operator configures. */
export const ClientConfigSchema = z.object({ supportEmail: z.string() });
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
