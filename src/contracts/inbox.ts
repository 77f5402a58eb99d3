import { z } from 'zod';
import { ConsultationRequestSchema, ConsultationStatusSchema } from './consultations.ts';
import { HelpRequestSchema, HelpRequestStatusSchema } from './help.ts';

/**
 * The administrators' one inbox (ADR 306): help requests from signed-in users and consultation
 * requests from the landing page, in one list, newest first. Each item says which kind it is;
 * each kind keeps its own fields and statuses.
 */
export const INBOX_KINDS = ['help', 'consultation'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const HelpInboxItemSchema = HelpRequestSchema.extend({ kind: z.literal('help') });
export const ConsultationInboxItemSchema = ConsultationRequestSchema.extend({ kind: z.literal('consultation') });

export const InboxItemSchema = z.discriminatedUnion('kind', [HelpInboxItemSchema, ConsultationInboxItemSchema]);
export type InboxItem = z.infer<typeof InboxItemSchema>;

/** GET /api/admin/inbox */
export const InboxSchema = z.object({ requests: z.array(InboxItemSchema) });
export type Inbox = z.infer<typeof InboxSchema>;

/** PATCH /api/admin/inbox/:id: the kind names the table, the status must be one of that kind's. */
export const UpdateInboxItemInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('help'), status: HelpRequestStatusSchema }),
    z.strictObject({ kind: z.literal('consultation'), status: ConsultationStatusSchema }),
  ],
  { error: 'Choose the kind of request: help or consultation' },
);
export type UpdateInboxItemInput = z.infer<typeof UpdateInboxItemInputSchema>;
