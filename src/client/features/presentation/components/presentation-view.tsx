import { useId } from 'react';
import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { LOGO_IMAGE_URL, useOrganizationLogo } from '../api/get-organization-logo.ts';
import { useLatestReport, useReport } from '../api/get-report.ts';
import { LogoControl } from './logo-control.tsx';
import { ReportDownloads } from './report-downloads.tsx';
import { SlideDeck } from './slide-deck.tsx';

/** A completed assessment the picker offers. */
export interface PresentationChoice {
  id: string;
  title: string;
  /** When it was completed (ISO). */
  date: string;
  aleUsd: number | undefined;
}

interface PresentationChoices {
  /** Completed assessments, newest first. */
  items: PresentationChoice[];
  isSuccess: boolean;
  isError: boolean;
}

interface PresentationViewProps {
  /** `?id=` of the URL, or '' for the latest completed assessment. */
  requestedId: string;
  choices: PresentationChoices;
  formatChoice: (choice: PresentationChoice) => string;
  onSelect: (assessmentId: string) => void;
}

/**
 * /presentation (spec section 2): a completed assessment as a board briefing, full
 * screen, with the PDF, deck and workbook of the same report model. The report is asked for at
 * once, in parallel with the list that only fills the picker (ADR 125).
 */
export function PresentationView({ requestedId, choices, formatChoice, onSelect }: PresentationViewProps) {
  const pickerId = useId();
  const latest = useLatestReport(requestedId === '');
  // Default: the latest completed assessment; if that call failed, the newest in the list.
  const selectedId = requestedId || latest.data?.report?.meta.assessmentId || (latest.isError ? (choices.items[0]?.id ?? '') : '');
  const report = useReport(selectedId);
  // The latest report without its waterfall (ADR 129) stands in until the whole one arrives.
  const pending = latest.data?.whatChangedPending ? latest.data.report : null;
  const shown = report.data ?? (pending?.meta.assessmentId === selectedId ? pending : undefined);
  const logo = useOrganizationLogo();
  const logoUrl = logo.data?.logo ? `${LOGO_IMAGE_URL}?v=${encodeURIComponent(logo.data.logo.updatedAt)}` : null;
  // Until the list arrives (or when the shown one is beyond its first page), the picker offers the one on screen.
  const options = choices.items.map((choice) => ({ id: choice.id, label: formatChoice(choice) }));
  if (shown && !options.some((o) => o.id === shown.meta.assessmentId)) {
    const meta = shown.meta;
    options.unshift({ id: meta.assessmentId, label: formatChoice({ id: meta.assessmentId, title: meta.assessmentTitle, date: meta.completedAt, aleUsd: shown.headline.aleUsd }) });
  }

  const nothingToPresent = requestedId === '' && (latest.data?.report === null || (latest.isError && choices.isSuccess && choices.items.length === 0));
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
  const error = report.error ?? (requestedId === '' && latest.isError && choices.isError ? latest.error : null);
  return (
    <Page
      title="Presentation"
      description="Your board briefing: step through the slides, show the speaker notes or go full screen."
      actions={selectedId ? <ReportDownloads assessmentId={selectedId} /> : null}
    >
      <div className="mb-4 flex flex-wrap items-end gap-4 print:hidden">
        {/* Full width on a phone: a long assessment title would otherwise widen the select past the screen. */}
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <Label htmlFor={pickerId}>Assessment</Label>
          <select id={pickerId} className="h-10 w-full min-w-0 truncate rounded-md border border-slate-300 bg-white px-3 text-sm sm:w-auto sm:max-w-xl" value={selectedId} onChange={(e) => onSelect(e.target.value)}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <LogoControl />
      </div>
      {!shown && !error ? <p className="text-slate-700">Preparing the slides…</p> : null}
      {error ? (
        <p role="alert" className="text-red-800">
          {getErrorMessage(error)}
        </p>
      ) : null}
      {shown ? <SlideDeck model={shown} logoUrl={logoUrl} /> : null}
    </Page>
  );
}
