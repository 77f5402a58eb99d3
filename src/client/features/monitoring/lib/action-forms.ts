import { z } from 'zod';

export const COST_MESSAGE = 'Enter whole dollars (0 or more).';
export const DECLINE_REASON_MAX = 1000;

/** A cost typed as text: blank is "no figure" (null), otherwise whole dollars, 0 or more. */
export function parseCost(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : 'invalid';
}

const CostTextSchema = z
  .string()
  .refine((text) => parseCost(text) !== 'invalid', COST_MESSAGE)
  .transform((text) => parseCost(text) as number | null);

/** "Add to plan": blank owner and due date mean "not yet". */
export const AcceptRecommendationFormSchema = z.object({
  ownerId: z.string().transform((value) => value || null),
  dueDate: z.string().transform((value) => value || null),
  cost: CostTextSchema,
});
export type AcceptRecommendationFormInput = z.input<typeof AcceptRecommendationFormSchema>;
export type AcceptRecommendationFormValues = z.output<typeof AcceptRecommendationFormSchema>;

/** Declining an action needs a reason (the contract's rule, spelled the same). */
export const DeclineFormSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason for declining').max(DECLINE_REASON_MAX, `Must be at most ${DECLINE_REASON_MAX} characters`),
});
export type DeclineFormInput = z.input<typeof DeclineFormSchema>;
export type DeclineFormValues = z.output<typeof DeclineFormSchema>;
