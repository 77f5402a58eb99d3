import { useState } from 'react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { ActionPlan, PlanSummary } from '@/contracts/monitoring.ts';
import { usePlan } from '../api/get-plan.ts';
import { useRescore } from '../api/rescore.ts';
import { formatUsd } from '../lib/format.ts';
import { AcceptRecommendationDialog } from './accept-recommendation-dialog.tsx';
import { ActionItem } from './action-item.tsx';

function Figure({ label, value, detail, testId, tone = 'default' }: { label: string; value: string; detail: string; testId: string; tone?: 'default' | 'warning' }) {
  return (
    <div className={`rounded-lg border p-3 ${tone === 'warning' ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50'}`}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-slate-600">{detail}</dd>
    </div>
  );
}

function SummaryFigures({ summary }: { summary: PlanSummary }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        label="Committed reduction"
        value={`${formatUsd(summary.committedReductionUsd)}/yr`}
        testId="committed-reduction"
        detail={summary.committedAleUsd === null ? 'No baseline yet' : `Expected annual loss ${formatUsd(summary.baseline?.aleUsd ?? 0)} → ${formatUsd(summary.committedAleUsd)} when every planned and in-progress action is done`}
      />
      <Figure label="Done, not yet measured" value={`${formatUsd(summary.doneAwaitingReassessmentUsd)}/yr`} testId="done-awaiting" detail={`${summary.doneAwaitingCount} done action(s) the latest assessment does not reflect yet`} />
      <Figure label="Realised reduction" value={`${formatUsd(summary.realisedReductionUsd)}/yr`} testId="realised-reduction" detail={`Measured by the next assessment for ${summary.realisedCount} action(s)`} />
      <Figure
        label="Overdue actions"
        value={String(summary.overdueCount)}
        testId="overdue-count"
        tone={summary.overdueCount > 0 ? 'warning' : 'default'}
        detail={`Estimated cost ${formatUsd(summary.estimatedCostUsd)}/yr; spent ${formatUsd(summary.actualCostUsd)}`}
      />
    </dl>
  );
}

function RescoreCallout({ plan, highlight }: { plan: ActionPlan; highlight: boolean }) {
  const rescore = useRescore();
  if (plan.summary.doneAwaitingCount === 0) return null;
  return (
    <Alert className={highlight ? 'border-blue-400 bg-blue-50' : undefined}>
      <AlertTitle>Measure what you fixed</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>
          {plan.summary.doneAwaitingCount} done action(s) should remove about {formatUsd(plan.summary.doneAwaitingReassessmentUsd)} a year. A quick re-score copies your latest assessment with those controls at their target and
          completes it, so the trend and the realised reduction update.
        </p>
        <div>
          <Button
            onClick={() =>
              rescore.mutate(undefined, {
                onSuccess: (created) => toast({ title: 'Re-scored', description: `${created.title}: expected annual loss ${formatUsd(created.aleUsd)}` }),
                onError: (error) => toast({ title: 'Re-score failed', description: getErrorMessage(error), variant: 'destructive' }),
              })
            }
            disabled={rescore.isPending}
          >
            {rescore.isPending ? 'Re-scoring…' : 'Re-score now'}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The action plan: recommendations accepted as actions, tracked in dollars. */
export function ActionPlanSection({ currentUserId }: { currentUserId: string | null }) {
  const { data, isLoading, error } = usePlan();
  const [justMarkedDone, setJustMarkedDone] = useState(false);
  const open = data?.recommendations.filter((recommendation) => recommendation.actionId === null) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Action plan</CardTitle>
        <CardDescription>Accept recommendations as actions with an owner and a due date. Reductions are re-computed by the risk model against your latest completed assessment (same seed).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isLoading ? <p className="text-sm text-slate-600">Loading the plan…</p> : null}
        {error ? <p className="text-sm text-red-700">Could not load the plan: {getErrorMessage(error)}</p> : null}
        {data ? (
          <>
            {data.summary.baseline ? (
              <p className="text-sm text-slate-700">
                Measured against{' '}
                <Link href={`/history/${data.summary.baseline.assessmentId}`} className="text-blue-800 underline">
                  {data.summary.baseline.title}
                </Link>
                .
              </p>
            ) : (
              <p className="text-sm text-slate-700">Complete an assessment to get recommendations you can plan.</p>
            )}
            <SummaryFigures summary={data.summary} />
            <RescoreCallout plan={data} highlight={justMarkedDone} />
            <section aria-labelledby="actions-title" className="grid gap-2">
              <h3 id="actions-title" className="text-base font-semibold text-slate-900">
                Actions ({data.actions.length})
              </h3>
              {data.actions.length === 0 ? <p className="text-sm text-slate-700">No actions yet: add recommendations below.</p> : null}
              <ul className="grid gap-3" aria-label="Actions">
                {data.actions.map((action) => (
                  <ActionItem key={`${action.id}-${action.status}-${action.dueDate ?? ''}`} action={action} members={data.members} onDone={() => setJustMarkedDone(true)} />
                ))}
              </ul>
            </section>
            {data.recommendations.length > 0 ? (
              <section aria-labelledby="recommendations-title" className="grid gap-2">
                <h3 id="recommendations-title" className="text-base font-semibold text-slate-900">
                  Recommendations not in the plan ({open.length})
                </h3>
                {open.length === 0 ? <p className="text-sm text-slate-700">Every recommendation of the latest assessment is in the plan.</p> : null}
                <ul className="grid gap-2" aria-label="Recommendations">
                  {open.map((recommendation) => (
                    <li key={recommendation.factorId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3" aria-label={recommendation.controlName}>
                      <div className="min-w-0 flex-1">
                        <p className="font-medium break-words text-slate-900">{recommendation.controlName}</p>
                        <p className="text-sm text-slate-700">
                          −{formatUsd(recommendation.annualLossReductionUsd)}/yr expected loss · about {formatUsd(recommendation.annualCostMidUsd)}/yr
                        </p>
                      </div>
                      <AcceptRecommendationDialog recommendation={recommendation} members={data.members} defaultOwnerId={currentUserId} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
