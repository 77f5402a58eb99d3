import { useLocation, useSearch } from 'wouter';
import { useAssessments } from '@/client/features/assessments/shared/api/list-assessments.ts';
import { formatDate, formatUsd } from '@/client/features/assessments/shared/lib/format.ts';
import { PresentationView, type PresentationChoice } from '@/client/features/presentation/components/presentation-view.tsx';

/** Completed assessments to present, newest first (the list API pages by 100 at most). */
const PICKER_PAGE_SIZE = 100;

function choiceLabel({ title, date, aleUsd }: PresentationChoice): string {
  return `${title} · ${formatDate(date)}${aleUsd === undefined ? '' : ` · ${formatUsd(aleUsd)}`}`;
}

/** /presentation: the presentation feature, with the assessments feature's list for its picker. */
export function PresentationPage() {
  const [, navigate] = useLocation();
  const requestedId = new URLSearchParams(useSearch()).get('id') ?? '';
  const list = useAssessments(1, PICKER_PAGE_SIZE);
  const items = (list.data?.items ?? [])
    .filter((a) => a.status === 'completed')
    .map((a) => ({ id: a.id, title: a.title, date: a.completedAt ?? a.createdAt, aleUsd: a.summary?.aleUsd }));
  return (
    <PresentationView
      requestedId={requestedId}
      choices={{ items, isSuccess: list.isSuccess, isError: list.isError }}
      formatChoice={choiceLabel}
      onSelect={(id) => navigate(`/presentation?id=${id}`)}
    />
  );
}
