import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import type { AssessmentPath } from '@/contracts/assessments.ts';
import type { CurrentUser } from '@/contracts/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { assessmentUrl } from '../shared/api/assessment-cache.ts';
import { useCreateAssessment } from '../editor/api/create-assessment.ts';
import { useAssessment } from '../shared/api/get-assessment.ts';
import { useAssessments } from '../shared/api/list-assessments.ts';
import { useRefineAssessment } from '../editor/api/refine-assessment.ts';
import { formatDate } from '../shared/lib/format.ts';
import { PATH_LABELS } from '../editor/lib/provenance.ts';
import { buildTrend } from '../history/lib/trend.ts';
import { startAssessmentOffline } from '../shared/offline/assessment-outbox.ts';
import { LatestResultCard } from '../history/components/latest-result-card.tsx';
import { OfflineUnavailable } from './assessment-workspace.tsx';
import { PathChooser } from '../editor/components/path-chooser.tsx';

/** No connection: the draft is started on this device and created on the server by the sync (ADR 304). */
function useStartOffline(onOpen: (id: string) => void) {
  const queryClient = useQueryClient();
  return async (path: AssessmentPath) => {
    const userId = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id;
    if (!userId) return toast({ title: 'Could not start', description: 'Reload the page when you are back online.', variant: 'destructive' });
    const draft = await startAssessmentOffline(path, userId);
    queryClient.setQueryData([assessmentUrl(draft.id)], draft);
    onOpen(draft.id);
  };
}

/**
 * `/` for a signed-in user without an assessment open: the latest result with its trend and the
 * next step, a draft to continue, and the two ways to start.
 */
export function AssessmentHome({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useAssessments(1, 50);
  const create = useCreateAssessment();
  const refine = useRefineAssessment();
  const items = list.data?.items ?? [];
  const trend = buildTrend(items);
  const latestId = trend[trend.length - 1]?.id ?? null;
  const latest = useAssessment(latestId);
  const draft = items.find((i) => i.status === 'draft');
  const businessAssessments = items.filter((i) => i.status === 'completed' && i.path === 'business');

  const startOffline = useStartOffline(onOpen);
  const start = (path: AssessmentPath) => {
    if (!navigator.onLine) return void startOffline(path);
    create.mutate(
      { path, input: { factors: {}, frameworks: {} } },
      {
        onSuccess: (created) => onOpen(created.id),
        onError: (e) => (isNetworkFailure(e) ? void startOffline(path) : toast({ title: 'Could not start', description: getErrorMessage(e), variant: 'destructive' })),
      },
    );
  };
  const startFrom = (id: string) =>
    refine.mutate(id, { onSuccess: (created) => onOpen(created.id), onError: (e) => toast({ title: 'Could not start', description: getErrorMessage(e), variant: 'destructive' }) });

  // Opened with no connection (the installed app started offline): the list cannot load, but a new
  // assessment can still be started on this device (ADR 304).
  const listUnavailableOffline = !list.data && (list.fetchStatus === 'paused' || (list.isError && isNetworkFailure(list.error)));
  if (list.isLoading && !listUnavailableOffline) return <p role="status">Loading…</p>;
  return (
    <div className="flex min-w-0 flex-col gap-8">
      {listUnavailableOffline ? <OfflineUnavailable canStartNew /> : null}
      {latest.data ? <LatestResultCard assessment={latest.data} trend={trend} /> : latestId ? <p role="status">Loading your latest result…</p> : null}
      {draft ? (
        <section aria-labelledby="draft-title" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4">
          <div className="min-w-0">
            <h2 id="draft-title" className="font-semibold text-slate-900">
              Continue your draft
            </h2>
            <p className="text-sm text-slate-800">
              {draft.title} ({PATH_LABELS[draft.path]}), last saved {formatDate(draft.updatedAt)}.
            </p>
          </div>
          <Button asChild>
            <Link href={`/?id=${draft.id}`}>Continue</Link>
          </Button>
        </section>
      ) : null}
      <PathChooser businessAssessments={businessAssessments} onStart={start} onRefine={startFrom} isBusy={create.isPending || refine.isPending} />
    </div>
  );
}
