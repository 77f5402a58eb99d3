import { NotYetAvailablePage } from './coming-soon-page.tsx';

export function AdminPage() {
  return <NotYetAvailablePage title="Administration" />;
}
