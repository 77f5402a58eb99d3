import { DecisionOptionsPanel } from '../results/components/decision-options-panel.tsx';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '@/client/components/layout/page.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { downloadText } from '@/client/lib/download-text.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { useAssessment } from '../shared/api/get-assessment.ts';
import { toCompleteInput } from '../shared/lib/draft-input.ts';
import { buildAssessmentCsv, buildAssessmentJson, toFileName } from '../history/lib/export-assessment.ts';
import { formatDate } from '../shared/lib/format.ts';
import { AnswerRecord } from '../editor/components/answer-record.tsx';
import { OlderModelResult } from '../results/components/older-model-result.tsx';
import { ResultsView } from '../results/components/results-view.tsx';
import { UnknownAnswersPanel } from '../results/components/unknown-answers-panel.tsx';

function DetailActions({ assessment, isOlderModel }: { assessment: Assessment; isOlderModel: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <Link href="/history">Back to history</Link>
      </Button>
      {assessment.status === 'completed' && !isOlderModel ? (
        <Button variant="outline" asChild>
          <Link href={`/?id=${assessment.id}`}>Explore what-if</Link>
        </Button>
      ) : null}
      {assessment.status === 'completed' ? (
        <Button variant="outline" asChild>
          <Link href={`/presentation?id=${assessment.id}`}>Present to the board</Link>
        </Button>
      ) : null}
      <Button variant="outline" onClick={() => downloadText(toFileName(assessment.title, 'json'), buildAssessmentJson(assessment), 'application/json')}>
        Export JSON
      </Button>
      <Button variant="outline" onClick={() => downloadText(toFileName(assessment.title, 'csv'), buildAssessmentCsv(assessment), 'text/csv;charset=utf-8')}>
        Export CSV
      </Button>
    </div>
  );
}

/**
 * A saved assessment's results, read-only (/history/:id). `whatChanged` is the comparison with the
 * previous assessment, composed in by the page (it belongs to another feature).
 */
export function AssessmentDetail({ id, whatChanged }: { id: string; whatChanged: (assessmentId: string) => ReactNode }) {
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
      actions={<DetailActions assessment={data} isOlderModel={olderResult !== null} />}
    >
      {olderResult ? (
        <div className="flex min-w-0 flex-col gap-4">
          {whatChanged(data.id)}
          {olderResult.success ? (
            <OlderModelResult assessmentId={data.id} result={olderResult.data} completedOn={formatDate(data.completedAt ?? data.createdAt)} />
          ) : (
            <p className="text-slate-700">The stored result of this assessment cannot be read.</p>
          )}
          <AnswerRecord assessment={data} />
        </div>
      ) : data.result && input ? (
        <div className="flex min-w-0 flex-col gap-4">
          {whatChanged(data.id)}
          <UnknownAnswersPanel assessment={data} result={data.result} />
          <AnswerRecord assessment={data} />
          <DecisionOptionsPanel assessmentId={data.id} />
          <ResultsView result={data.result} input={input} answeredAs={data} />
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
