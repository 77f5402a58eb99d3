import { z } from 'zod';
import { text } from './text.ts';

/** Spec section 3: the five help categories, in the order the dialog lists them. */
export const HELP_CATEGORIES = ['login', 'navigation', 'password', 'expert_consultation', 'other'] as const;
export const HelpCategorySchema = z.enum(HELP_CATEGORIES);
export type HelpCategory = z.infer<typeof HelpCategorySchema>;

export const HELP_CATEGORY_LABELS: Record<HelpCategory, string> = {
  login: 'Login Issues',
  navigation: 'Navigation Help',
  password: 'Password Reset',
  expert_consultation: 'Expert Consultation',
  other: 'Other',
};

export const HELP_SUBJECT_MAX = 200;
export const HELP_MESSAGE_MAX = 5000;

/**
 * POST /api/help/submit (spec section 7). userEmail and userName are sent as the spec says, but
 * the server ignores them and takes the identity from the session.
 */
export const SubmitHelpRequestInputSchema = z.strictObject({
  category: HelpCategorySchema,
  subject: text().trim().min(1, 'Subject is required').max(HELP_SUBJECT_MAX),
  message: text().trim().min(1, 'Message is required').max(HELP_MESSAGE_MAX),
  userEmail: text().max(320).optional(),
  userName: text().max(300).optional(),
});
export type SubmitHelpRequestInput = z.infer<typeof SubmitHelpRequestInputSchema>;

export const SubmitHelpRequestResponseSchema = z.object({ id: z.string(), message: z.string() });
export type SubmitHelpRequestResponse = z.infer<typeof SubmitHelpRequestResponseSchema>;

export const HELP_REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export const HelpRequestStatusSchema = z.enum(HELP_REQUEST_STATUSES);
export type HelpRequestStatus = z.infer<typeof HelpRequestStatusSchema>;

/** One help request as an administrator sees it in the inbox (text only, never HTML; contracts/inbox.ts). */
export const HelpRequestSchema = z.object({
  id: z.string(),
  category: HelpCategorySchema,
  subject: z.string(),
  message: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  status: HelpRequestStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpRequest = z.infer<typeof HelpRequestSchema>;


/** Spec section 3: the signed-in user's e-mail, or ''. */
export function getHelpUserEmail(user: { email?: string | null } | null | undefined): string {
  return user?.email || '';
}

/** Spec section 3: first and last name joined, else the e-mail, else 'User'. */
export function getHelpUserName(
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
): string {
  const name = [user?.firstName, user?.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || user?.email || 'User';
}
