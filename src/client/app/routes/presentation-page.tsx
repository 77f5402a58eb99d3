import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { useAssessments } from '@/client/features/assessments/api/list-assessments.ts';
import { formatDate, formatUsd } from '@/client/features/assessments/lib/format.ts';
import { useLatestReport, useReport } from '@/client/features/presentation/api/get-report.ts';
import { LOGO_IMAGE_URL, useOrganizationLogo } from '@/client/features/presentation/api/get-organization-logo.ts';
import { LogoControl } from '@/client/features/presentation/components/logo-control.tsx';
import { ReportDownloads } from '@/client/features/presentation/components/report-downloads.tsx';
import { SlideDeck } from '@/client/features/presentation/components/slide-deck.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';

/** Completed assessments to present, newest first (the list API pages by 100 at most). */
const PICKER_PAGE_SIZE = 100;

function pickerLabel(title: string, date: string, aleUsd: number | undefined): string {
  return `${title} · ${formatDate(date)}${aleUsd === undefined ? '' : ` · ${formatUsd(aleUsd)}`}`;
}

/**
 * /presentation (spec section 2, issue #13): a completed assessment as a board briefing, full
 * screen, with the PDF, deck and workbook of the same report model.
 */
export function PresentationPage() {
  const pickerId = useId();
  const [, navigate] = useLocation();
  const requestedId = new URLSearchParams(useSearch()).get('id') ?? '';
  // The report is asked for at once, in parallel with the list that only fills the picker (ADR 125).
  const latest = useLatestReport(requestedId === '');
  const list = useAssessments(1, PICKER_PAGE_SIZE);
  const completed = (list.data?.items ?? []).filter((a) => a.status === 'completed');
  // Default: the latest completed assessment; if that call failed, the newest in the list.
  const selectedId = requestedId || latest.data?.report?.meta.assessmentId || (latest.isError ? (completed[0]?.id ?? '') : '');
  const report = useReport(selectedId);
  const logo = useOrganizationLogo();
  const logoUrl = logo.data?.logo ? `${LOGO_IMAGE_URL}?v=${encodeURIComponent(logo.data.logo.updatedAt)}` : null;
  // Until the list arrives (or when the shown one is beyond its first page), the picker offers the one on screen.
  const options = completed.map((a) => ({ id: a.id, label: pickerLabel(a.title, a.completedAt ?? a.createdAt, a.summary?.aleUsd) }));
  const shown = report.data;
  if (shown && !options.some((o) => o.id === shown.meta.assessmentId)) {
    options.unshift({ id: shown.meta.assessmentId, label: pickerLabel(shown.meta.assessmentTitle, shown.meta.completedAt, shown.headline.aleUsd) });
  }

  const nothingToPresent = requestedId === '' && (latest.data?.report === null || (latest.isError && list.isSuccess && completed.length === 0));
  if (nothingToPresent) {
    return (
      <Page title="Presentation" description="Your board briefing appears here once an assessment is completed.">
        <p className="mb-4 text-slate-700">There is no completed assessment to present yet.</p>
        <Button asChild>
          <Link href="/?new=1">Start an assessment</Link>
        </Button>
      </Page>
    );
  }
  const error = report.error ?? (requestedId === '' && latest.isError && list.isError ? latest.error : null);
  return (
    <Page
      title="Presentation"
      description="Your board briefing: step through with the arrow keys, press F for full screen and N for speaker notes."
      actions={selectedId ? <ReportDownloads assessmentId={selectedId} /> : null}
    >
      <div className="mb-4 flex flex-wrap items-end gap-4 print:hidden">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={pickerId}>Assessment</Label>
          <select
            id={pickerId}
            className="h-10 max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={selectedId}
            onChange={(e) => navigate(`/presentation?id=${e.target.value}`)}
          >
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <LogoControl />
      </div>
      {!report.data && !error ? <p className="text-slate-700">Preparing the slides…</p> : null}
      {error ? (
        <p role="alert" className="text-red-800">
          {getErrorMessage(error)}
        </p>
      ) : null}
      {report.data ? <SlideDeck model={report.data} logoUrl={logoUrl} /> : null}
    </Page>
  );
}
