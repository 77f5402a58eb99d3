import { DecisionOptionsPanel } from '../results/components/decision-options-panel.tsx';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import { StoredRiskResultSchema } from '@/contracts/risk.ts';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { ENGINE_VERSION } from '@/engine/engine-version.ts';
import { useCreateScenario } from '../results/api/create-scenario.ts';
import { useRefineAssessment } from '../editor/api/refine-assessment.ts';
import { toCompleteInput } from '../shared/lib/draft-input.ts';
import { formatDate } from '../shared/lib/format.ts';
import { groupUnknowns } from '../results/lib/unknown-range.ts';
import { PATH_LABELS } from '../editor/lib/provenance.ts';
import { AnswerRecord } from '../editor/components/answer-record.tsx';
import { HandOverPanel } from '../editor/components/hand-over-panel.tsx';
import { OlderModelResult } from '../results/components/older-model-result.tsx';
import { ResultsWithWhatIf } from '../results/components/results-with-what-if.tsx';
import { UnknownAnswersPanel } from '../results/components/unknown-answers-panel.tsx';

function Summary({ assessment }: { assessment: Assessment }) {
  return (
    <p className="text-sm text-slate-700">
      <strong className="text-slate-900">{assessment.title}</strong>, completed {formatDate(assessment.completedAt ?? assessment.updatedAt)} on the {PATH_LABELS[assessment.path]}.{' '}
      {assessment.sourceAssessmentId ? (
        <>
          <Link href={`/history/${assessment.sourceAssessmentId}`} className="font-medium text-blue-800 underline">
            The assessment it refines
          </Link>
          {' · '}
        </>
      ) : null}
      <Link href="/history" className="font-medium text-blue-800 underline">
        All assessments
      </Link>
    </p>
  );
}

/**
 * A completed assessment: the results with the live what-if, headline first; after what to do
 * come the unknown answers and the hand-over (business-leader path) and the answer record. A result computed by an
 * older model shows its original figures, labelled with that model, and the comparison (ADR 105).
 */
export function CompletedAssessment({ assessment, onOpen, extras }: { assessment: Assessment; onOpen: (id: string) => void; extras?: ReactNode }) {
  const createScenario = useCreateScenario();
  const refine = useRefineAssessment();
  const { input } = toCompleteInput(assessment.input);
  if (!assessment.result) return <p>This assessment has no results.</p>;
  if (assessment.result.engineVersion !== ENGINE_VERSION) {
    const stored = StoredRiskResultSchema.safeParse(assessment.result);
    return (
      <div className="flex min-w-0 flex-col gap-4">
        <Summary assessment={assessment} />
        {extras}
        {stored.success ? (
          <OlderModelResult assessmentId={assessment.id} result={stored.data} completedOn={formatDate(assessment.completedAt ?? assessment.updatedAt)} />
        ) : (
          <p>The stored result of this assessment cannot be read.</p>
        )}
        <AnswerRecord assessment={assessment} />
      </div>
    );
  }
  if (!input) return <p>This assessment has no results.</p>;
  const result = assessment.result;
  const seed = assessment.seed ?? DEFAULT_SEED;
  const startRefining = () =>
    refine.mutate(assessment.id, { onSuccess: (draft) => onOpen(draft.id), onError: (e) => toast({ title: 'Could not start refining', description: getErrorMessage(e), variant: 'destructive' }) });
  const showHandOver = assessment.path === 'business' || result.unknownFactors.length > 0;
  const unknownQuestions = groupUnknowns(assessment.path, result).length;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Summary assessment={assessment} />
      <ResultsWithWhatIf
        afterAdvice={
          <>
            <DecisionOptionsPanel assessmentId={assessment.id} />
            <UnknownAnswersPanel assessment={assessment} result={result} />
            {showHandOver ? <HandOverPanel assessmentId={assessment.id} unknownCount={unknownQuestions} onRefine={startRefining} isRefining={refine.isPending} /> : null}
            {extras}
            <AnswerRecord assessment={assessment} />
          </>
        }
        key={assessment.id}
        input={input}
        answeredAs={assessment}
        savedResult={result}
        seed={seed}
        defaultScenarioTitle={`${assessment.title} — what-if`.slice(0, 200)}
        isSaving={createScenario.isPending}
        onSaveScenario={async (title, whatIf) => {
          try {
            const saved = await createScenario.mutateAsync({ id: assessment.id, body: { title, input: whatIf, seed } });
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
