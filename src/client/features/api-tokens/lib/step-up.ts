import { z } from 'zod';
import { ApiError } from '@/client/lib/api-client.ts';

const RefusalSchema = z.object({ code: z.literal('step_up_required') });

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** True when the server wants a current authenticator code before creating a token (ADR 228). */
export function needsFreshCode(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && RefusalSchema.safeParse(parseBody(error.body)).success;
}
