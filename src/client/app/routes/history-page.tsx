import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { HistoryTable } from '@/client/features/assessments/components/history-table.tsx';

/** /history: the organisation's assessments. */
export function HistoryPage() {
  return (
    <Page
      title="Assessment History"
      description="Every assessment of your organisation, newest first. Duplicate last year's to re-assess."
      actions={
        <Button asChild>
          <Link href="/">New assessment</Link>
        </Button>
      }
    >
      <HistoryTable />
    </Page>
  );
}
