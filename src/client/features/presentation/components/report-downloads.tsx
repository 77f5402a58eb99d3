import { Button } from '@/client/components/ui/button.tsx';
import { reportFileUrls } from '../api/get-report.ts';

/** The three files of a report; plain links, so the browser downloads the finished file with its server-given name. */
export function ReportDownloads({ assessmentId }: { assessmentId: string }) {
  const urls = reportFileUrls(assessmentId);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <a href={urls.pdf} download>
          PDF board report
        </a>
      </Button>
      <Button variant="outline" asChild>
        <a href={urls.pptx} download>
          PowerPoint deck
        </a>
      </Button>
      <Button variant="outline" asChild>
        <a href={urls.xlsx} download>
          Verification workbook
        </a>
      </Button>
    </div>
  );
}
