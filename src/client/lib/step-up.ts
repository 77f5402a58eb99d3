import type { ComponentType } from 'react';
import { ApiError } from './api-client.ts';

/** The app's "confirm it's you" dialog, handed in by the page: features do not import each other. */
export type StepUpDialogComponent = ComponentType<{ open: boolean; onClose: () => void; onVerified: () => void }>;

/** True when the server refused because the last second factor is older than the step-up window (ADR 031): a fresh code lets the same request through. */
export function isStepUpRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  try {
    const parsed: unknown = JSON.parse(error.body);
    return typeof parsed === 'object' && parsed !== null && 'code' in parsed && parsed.code === 'step_up_required';
  } catch {
    return false;
  }
}
