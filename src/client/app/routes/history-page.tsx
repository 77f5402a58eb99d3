import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { HistoryTable } from '@/client/features/assessments/history/components/history-table.tsx';
import { ImportAssessmentDialog } from '@/client/features/assessments/history/components/import-assessment-dialog.tsx';

/** /history: the organisation's assessments. */
export function HistoryPage() {
  return (
    <Page
      title="Assessment History"
      description="Every assessment of your organisation, newest first. Duplicate last year's to re-assess."
      actions={
        <div className="flex flex-wrap gap-2">
          <ImportAssessmentDialog />
          <Button asChild>
            <Link href="/">New assessment</Link>
          </Button>
        </div>
      }
    >
      <HistoryTable />
    </Page>
  );
}
