import { z } from 'zod';

/** Every refusal and failure the API answers with (`plugins/error-handler.ts`): a message a person can act on, a code, and the bad fields of a 400. */
export const ApiErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** An answer that only tells the person what happened (log-out, unlock, disable). */
export const MessageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
