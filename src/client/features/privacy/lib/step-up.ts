import type { ComponentType } from 'react';
import { ApiError } from '@/client/lib/api-client.ts';

/** The component that asks for a current code (the account and organisation pages pass the MFA feature's). */
export type StepUpDialogComponent = ComponentType<{ open: boolean; onClose: () => void; onVerified: () => void }>;

/** True when the server refused because the last code is older than the step-up window (ADR 031). */
export function isStepUpRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  try {
    return (JSON.parse(error.body) as { code?: unknown }).code === 'step_up_required';
  } catch {
    return false;
  }
}
