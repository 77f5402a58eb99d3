import { Link, useParams } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { useAssessment } from '@/client/features/assessments/api/get-assessment.ts';
import { AnswerRecord } from '@/client/features/assessments/components/answer-record.tsx';
import { OlderModelResult } from '@/client/features/assessments/components/older-model-result.tsx';
import { ResultsView } from '@/client/features/assessments/components/results-view.tsx';
import { UnknownAnswersPanel } from '@/client/features/assessments/components/unknown-answers-panel.tsx';
import { toCompleteInput } from '@/client/features/assessments/lib/draft-input.ts';
import { buildAssessmentCsv, buildAssessmentJson, toFileName } from '@/client/features/assessments/lib/export-assessment.ts';
import { downloadText } from '@/client/lib/download-text.ts';
import { formatDate } from '@/client/features/assessments/lib/format.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { WhatChangedPanel } from '@/client/features/presentation/components/what-changed-panel.tsx';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';

/** /history/:id: a saved assessment's results, read-only. */
export function AssessmentDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, isLoading, error } = useAssessment(id);
  if (isLoading) return <Page title="Assessment">Loading…</Page>;
  if (error || !data) {
    return (
      <Page title="Assessment not found">
        <p className="mb-4 text-slate-700">{error ? getErrorMessage(error) : 'This assessment does not exist or you cannot see it.'}</p>
        <Link href="/history" className="text-blue-800 underline">
          Back to history
        </Link>
      </Page>
    );
  }
  const { input } = toCompleteInput(data.input);
  // A result computed by an older model keeps its figures, labelled with that model (ADR 104, 105).
  const olderResult = data.result && data.result.engineVersion !== ENGINE_VERSION ? StoredRiskResultSchema.safeParse(data.result) : null;
  return (
    <Page
      title={data.title}
      description={`${data.status === 'completed' ? 'Completed' : 'Draft'} ${formatDate(data.completedAt ?? data.createdAt)} by ${data.author?.name ?? 'a former member'}. Read-only.`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link href="/history">Back to history</Link>
          </Button>
          {data.status === 'completed' && olderResult === null ? (
            <Button variant="outline" asChild>
              <Link href={`/?id=${data.id}`}>Explore what-if</Link>
            </Button>
          ) : null}
          {data.status === 'completed' ? (
            <Button variant="outline" asChild>
              <Link href={`/presentation?id=${data.id}`}>Present to the board</Link>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => downloadText(toFileName(data.title, 'json'), buildAssessmentJson(data), 'application/json')}>
            Export JSON
          </Button>
          <Button variant="outline" onClick={() => downloadText(toFileName(data.title, 'csv'), buildAssessmentCsv(data), 'text/csv;charset=utf-8')}>
            Export CSV
          </Button>
        </div>
      }
    >
      {olderResult ? (
        <div className="flex min-w-0 flex-col gap-4">
          <WhatChangedPanel assessmentId={data.id} />
          {olderResult.success ? (
            <OlderModelResult assessmentId={data.id} result={olderResult.data} completedOn={formatDate(data.completedAt ?? data.createdAt)} />
          ) : (
            <p className="text-slate-700">The stored result of this assessment cannot be read.</p>
          )}
          <AnswerRecord assessment={data} />
        </div>
      ) : data.result && input ? (
        <div className="flex min-w-0 flex-col gap-4">
          <WhatChangedPanel assessmentId={data.id} />
          <UnknownAnswersPanel assessment={data} result={data.result} />
          <AnswerRecord assessment={data} />
          <ResultsView result={data.result} input={input} />
        </div>
      ) : (
        <p className="text-slate-700">
          This draft has no results yet.{' '}
          <Link href={`/?id=${data.id}`} className="text-blue-800 underline">
            Continue it
          </Link>
          .
        </p>
      )}
    </Page>
  );
}
