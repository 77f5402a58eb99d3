import { NotYetAvailablePage } from './coming-soon-page.tsx';

export function AssessmentPage() {
  return <NotYetAvailablePage title="Risk Assessment" />;
}
