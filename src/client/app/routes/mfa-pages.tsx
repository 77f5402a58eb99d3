import { NotYetAvailablePage } from './coming-soon-page.tsx';

export function MfaSettingsPage() {
  return <NotYetAvailablePage title="Two-Factor Authentication Settings" />;
}

export function MfaVerificationPage() {
  return <NotYetAvailablePage title="Two-Factor Verification" />;
}

export function MfaTestPage() {
  return <NotYetAvailablePage title="Two-Factor Self-Check" />;
}
