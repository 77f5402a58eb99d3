import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isNetworkFailure } from '@/client/lib/offline-session.ts';
import { useAssessment } from '@/client/features/assessments/api/get-assessment.ts';
import { assessmentsQueryOptions } from '@/client/features/assessments/api/list-assessments.ts';
import { useCreateAssessment, useCreateScenario } from '@/client/features/assessments/api/mutations.ts';
import { GuidedAssessment } from '@/client/features/assessments/components/guided-assessment.tsx';
import { ResultsWithWhatIf } from '@/client/features/assessments/components/results-with-what-if.tsx';
import { toCompleteInput } from '@/client/features/assessments/lib/draft-input.ts';
import { formatDate } from '@/client/features/assessments/lib/format.ts';
import { OnDeviceResults } from '@/client/features/assessments/offline/on-device-results.tsx';
import { useReplacedRevision } from '@/client/features/assessments/offline/replaced-drafts.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import { WhatChangedPanel } from '@/client/features/presentation/components/what-changed-panel.tsx';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import type { RiskInput } from '@/engine/risk-input.ts';

function CompletedAssessment({ assessment, onOpen }: { assessment: Assessment; onOpen: (id: string) => void }) {
  const createScenario = useCreateScenario();
  const { input } = toCompleteInput(assessment.input);
  if (!input || !assessment.result) return <p>This assessment has no results.</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{assessment.title}</strong>, completed {formatDate(assessment.completedAt ?? assessment.updatedAt)}.{' '}
        <Link href="/history" className="font-medium text-blue-800 underline">
          All assessments
        </Link>{' '}
        ·{' '}
        <Link href={`/presentation?id=${assessment.id}`} className="font-medium text-blue-800 underline">
          Present to the board
        </Link>
      </p>
      <WhatChangedPanel assessmentId={assessment.id} />
      <ResultsWithWhatIf
        key={assessment.id}
        input={input}
        savedResult={assessment.result}
        seed={assessment.seed ?? DEFAULT_SEED}
        defaultScenarioTitle={`${assessment.title} — what-if`.slice(0, 200)}
        isSaving={createScenario.isPending}
        onSaveScenario={async (title, whatIf) => {
          try {
            const saved = await createScenario.mutateAsync({ id: assessment.id, body: { title, input: whatIf, seed: assessment.seed ?? DEFAULT_SEED } });
            toast({ title: 'Scenario saved', description: `"${saved.title}" is in your history.` });
            onOpen(saved.id);
          } catch (error) {
            toast({ title: 'Could not save the scenario', description: getErrorMessage(error), variant: 'destructive' });
          }
        }}
      />
    </div>
  );
}

function StartCard({ onStart, isStarting }: { onStart: () => void; isStarting: boolean }) {
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>What would a cyber incident cost you?</CardTitle>
        <CardDescription>About 15 minutes of plain questions about your organisation and how it works. No security background needed. Your answers save as you go.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onStart} disabled={isStarting}>
          {isStarting ? 'Starting…' : 'Start assessment'}
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link href="/assessment-demo">See a sample first</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * `/` and `/risk-assessment` for signed-in users: `?id=` opens a draft (guided flow) or a
 * completed assessment (results with what-if); without it the latest draft resumes, or a new
 * one starts.
 */
export function AssessmentPage() {
  const search = new URLSearchParams(useSearch());
  const id = search.get('id');
  const wantsNew = search.get('new') === '1';
  const [location, navigate] = useLocation();
  const open = (target: string) => navigate(`${location}?id=${target}`, { replace: true });
  const create = useCreateAssessment();
  const latest = useQuery({ ...assessmentsQueryOptions(1, 20), enabled: id === null && !wantsNew });
  const assessment = useAssessment(id);
  const [completedNow, setCompletedNow] = useState<Assessment | null>(null);
  // Completed with no connection: results computed on this device until the queue syncs (ADR 162).
  const replacedRevision = useReplacedRevision(id);
  const [onDevice, setOnDevice] = useState<{ id: string; input: RiskInput; revision: number } | null>(null);

  useEffect(() => {
    if (id !== null || wantsNew || !latest.data) return;
    const draft = latest.data.items.find((i) => i.status === 'draft');
    if (draft) navigate(`${location}?id=${draft.id}`, { replace: true });
  }, [id, wantsNew, latest.data, location, navigate]);

  const start = () =>
    create.mutate({ input: { factors: {}, frameworks: {} } }, { onSuccess: (created) => open(created.id), onError: (e) => toast({ title: 'Could not start', description: getErrorMessage(e), variant: 'destructive' }) });

  // No connection and nothing cached for this page (ADR 162): say so instead of spinning or offering a start that cannot be saved.
  const query = id === null ? latest : assessment;
  const isUnreachable = !query.data && (query.fetchStatus === 'paused' || (query.isError && isNetworkFailure(query.error)));

  let body;
  if (isUnreachable) {
    body = (
      <p role="status" className="max-w-2xl text-slate-700">
        You&apos;re offline, so your assessments cannot be loaded right now. They appear here when the connection returns; an assessment you already had open keeps working offline.
      </p>
    );
  } else if (id === null) {
    body = latest.isLoading && !wantsNew ? <p role="status">Loading…</p> : <StartCard onStart={start} isStarting={create.isPending} />;
  } else if (assessment.isLoading) {
    body = <p role="status">Loading your assessment…</p>;
  } else if (assessment.error || !assessment.data) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert">{assessment.error ? getErrorMessage(assessment.error) : 'Assessment not found.'}</p>
        <StartCard onStart={start} isStarting={create.isPending} />
      </div>
    );
  } else {
    const current = completedNow?.id === id ? completedNow : assessment.data;
    const isOnDevice = current.status === 'draft' && onDevice?.id === current.id && onDevice.revision === replacedRevision;
    body =
      current.status !== 'draft' ? (
        <CompletedAssessment assessment={current} onOpen={open} />
      ) : isOnDevice ? (
        <OnDeviceResults input={onDevice.input} title={current.title} />
      ) : (
        <GuidedAssessment
          key={`${current.id}:${replacedRevision}`}
          assessment={current}
          onCompleted={(done) => setCompletedNow(done)}
          onCompletedOnDevice={(input) => setOnDevice({ id: current.id, input, revision: replacedRevision })}
        />
      );
  }

  return (
    <Page title="Risk Assessment" description="Your cyber-risk in dollars: what an incident would cost, why, and what to fix first.">
      {body}
    </Page>
  );
}
