import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';

/** Stands in for the app's "confirm it's you" dialog in component tests: one button that reports a fresh verification. */
export const FakeStepUp: StepUpDialogComponent = ({ open, onVerified }) =>
  open ? (
    <button type="button" onClick={onVerified}>
      Fresh code entered
    </button>
  ) : null;
