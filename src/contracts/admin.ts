import { z } from 'zod';
import { text } from './text.ts';

export const AccessRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type AccessRequestStatus = z.infer<typeof AccessRequestStatusSchema>;

/** GET /api/admin/access-requests?status=pending|approved|rejected (default pending). */
export const AccessRequestListQuerySchema = z.strictObject({
  status: AccessRequestStatusSchema.default('pending'),
});

export interface AdminAccessRequest {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  status: AccessRequestStatus;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
}

/** POST /api/admin/access-requests/:id/approve and /reject. */
export const AccessDecisionInputSchema = z.strictObject({
  note: text().trim().max(1000, 'Must be at most 1000 characters').optional(),
});
export type AccessDecisionInput = z.infer<typeof AccessDecisionInputSchema>;

export const AccessRequestIdParamsSchema = z.strictObject({ id: z.uuid('Unknown access request') });

export interface AccessDecisionResponse {
  message: string;
  status: AccessRequestStatus;
}

/** GET /api/admin/outbox: the e-mail outbox, newest first, so messages can be delivered by hand. */
export const OutboxListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export interface AdminOutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
