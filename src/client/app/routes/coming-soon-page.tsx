import { Page } from '@/client/components/layout/page.tsx';

/**
 * A route of the spec whose feature is not built yet: its real title and the navigation,
 * and a plain statement that it is not available, nothing pretending to work.
 */
export function NotYetAvailablePage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-6 text-slate-700">This part of CIFER is not available yet.</p>
    </Page>
  );
}
