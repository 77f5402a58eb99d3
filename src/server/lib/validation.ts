import type { ZodError, ZodType } from 'zod';
import { AppError, type FieldIssue } from '../errors.ts';

export function issuesFromZod(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || '(body)', message: issue.message }));
}

/** Validates untrusted input at the edge; a failure becomes a 400 naming every bad field. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = issuesFromZod(result.error);
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}
