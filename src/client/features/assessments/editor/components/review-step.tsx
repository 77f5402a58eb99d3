import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import type { AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTORS, type FactorGroup, type FactorId } from '@/engine/factors.ts';
import { INDUSTRIES } from '@/engine/industries.ts';
import type { FactorAnswerConflict, FactorSuggestion } from '@/engine/suggest-factor-answers.ts';
import { countAnswered, countUnknown } from '../../shared/lib/draft-input.ts';
import { formatUsd } from '../../shared/lib/format.ts';

function industryLabel(id: string | undefined): string {
  return INDUSTRIES.find((i) => i.id === id)?.label ?? '—';
}

function StepLink({ group, onGoTo, children }: { group: FactorGroup; onGoTo: (step: AssessmentStep) => void; children: string }) {
  return (
    <button type="button" className="font-medium text-blue-800 underline" onClick={() => onGoTo(group)}>
      {children}
    </button>
  );
}

/** What will be calculated: the organisation, its size and how far the answers go. */
function ReviewSummary({ input }: { input: DraftRiskInput }) {
  const org = input.organisation;
  return (
    <dl className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-700">Organisation</dt>
        <dd className="text-slate-900">{org?.name || '—'}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Industry, size</dt>
        <dd className="text-slate-900">
          {industryLabel(org?.industry)}, {org?.employees?.toLocaleString('en-US') ?? '—'} employees, revenue {org?.annualRevenueUsd ? formatUsd(org.annualRevenueUsd) : '—'}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Questions answered</dt>
        <dd className="text-slate-900" data-testid="review-answered">
          {countAnswered(input)} of {FACTORS.length}
          {countUnknown(input) > 0 ? ` (${countUnknown(input)} “I don't know”)` : ''}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-slate-700">Frameworks declared</dt>
        <dd className="text-slate-900">{Object.keys(input.frameworks ?? {}).length}</dd>
      </div>
    </dl>
  );
}

/** The last step: what will be calculated, and everything that is not a firm answer yet. */
export function ReviewStep({
  input,
  suggestions,
  conflicts,
  hasProfileIssues,
  onGoTo,
}: {
  input: DraftRiskInput;
  suggestions: ReadonlyMap<FactorId, FactorSuggestion>;
  conflicts: readonly FactorAnswerConflict[];
  hasProfileIssues: boolean;
  onGoTo: (step: AssessmentStep) => void;
}) {
  const unanswered = FACTORS.filter((f) => input.factors?.[f.id] === undefined);
  const unknown = FACTORS.filter((f) => input.factors?.[f.id] === 'unknown');
  return (
    <div className="flex flex-col gap-4">
      <ReviewSummary input={input} />
      {hasProfileIssues ? (
        <Alert variant="destructive">
          <AlertTitle>Some required details are missing</AlertTitle>
          <AlertDescription>
            Complete your organisation profile (industry, employees, revenue) before calculating.{' '}
            <button type="button" className="font-medium underline" onClick={() => onGoTo('profile')}>
              Go to your organisation
            </button>
          </AlertDescription>
        </Alert>
      ) : null}
      {unknown.length > 0 ? (
        <Alert variant="warning" role="note" data-testid="review-unknown">
          <AlertTitle>
            {unknown.length} answer{unknown.length === 1 ? '' : 's'} “I don't know”
          </AlertTitle>
          <AlertDescription>
            <p>These widen the estimate's range. Refine any you can:</p>
            <ul className="mt-1 list-disc pl-5">
              {unknown.map((f) => (
                <li key={f.id}>
                  <StepLink group={f.group} onGoTo={onGoTo}>
                    {f.name}
                  </StepLink>
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {unanswered.length > 0 ? (
        <Alert variant="warning" role="note">
          <AlertTitle>{unanswered.length} questions not answered</AlertTitle>
          <AlertDescription>
            {unanswered.map((f) => `${f.name}${suggestions.has(f.id) ? ' (the suggestion from your compliance answers will be used)' : ' (taken as average)'}`).join('; ')}.
          </AlertDescription>
        </Alert>
      ) : null}
      {conflicts.length > 0 ? (
        <Alert variant="warning" role="note">
          <AlertTitle>Answers that differ from your compliance evidence</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {conflicts.map((c) => (
                <li key={c.factorId}>{c.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
