import { NotYetAvailablePage } from './coming-soon-page.tsx';

export function HistoryPage() {
  return <NotYetAvailablePage title="Assessment History" />;
}
