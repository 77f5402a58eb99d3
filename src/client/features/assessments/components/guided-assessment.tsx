import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { cn } from '@/client/lib/utils.ts';
import { ASSESSMENT_STEPS, type Assessment, type AssessmentStep, type DraftRiskInput } from '@/contracts/assessments.ts';
import { FACTOR_GROUPS, FACTORS, type FactorAnswer, type FactorId } from '@/engine/factors.ts';
import { findFactorAnswerConflicts } from '@/engine/suggest-factor-answers.ts';
import type { RiskInput } from '@/engine/risk-input.ts';
import { useCompleteAssessment } from '../api/mutations.ts';
import { useDraftAutosave, type SaveStatus } from '../hooks/use-draft-autosave.ts';
import { computeSuggestions, countAnswered, readLocalDraft, removeLocalDraft, setFactorAnswer, toCompleteInput } from '../lib/draft-input.ts';
import { formatUsd } from '../lib/format.ts';
import { useQueueCompletion } from '../offline/use-queue-completion.ts';
import { FactorQuestion } from './factor-question.tsx';
import { FrameworksStep } from './frameworks-step.tsx';
import { ProfileStep } from './profile-step.tsx';

const STEP_TITLES: Record<AssessmentStep, string> = {
  profile: 'Your organisation',
  frameworks: 'Compliance frameworks',
  people: 'People',
  protection: 'Protection',
  detectionAndResponse: 'Detection & response',
  governance: 'Governance',
  exposure: 'Exposure',
  review: 'Review',
};

const STEP_INTROS: Record<AssessmentStep, string> = {
  profile: 'A few facts about your organisation set the starting point: how often organisations like yours have incidents and what they cost.',
  frameworks: 'Standards you already meet are evidence for several controls: we use them to suggest answers on the next pages.',
  people: 'Staff, skills and how people work.',
  protection: 'Controls that stop attacks getting in or limit what they reach.',
  detectionAndResponse: 'How quickly you notice an incident and how well you recover.',
  governance: 'Who is accountable and whether you meet your obligations.',
  exposure: 'Parts of your environment that make an incident worse.',
  review: 'Check your answers, then calculate.',
};

const SAVE_LABELS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Saving…',
  saving: 'Saving…',
  offline: 'Saved on this device; will sync when the connection returns',
};

function isFactorStep(step: AssessmentStep): step is (typeof FACTOR_GROUPS)[number]['id'] {
  return FACTOR_GROUPS.some((g) => g.id === step);
}

function initialState(assessment: Assessment): { input: DraftRiskInput; step: AssessmentStep; isDirty: boolean } {
  const local = readLocalDraft(assessment.id);
  const serverTime = Date.parse(assessment.updatedAt);
  if (local && local.isDirty && local.savedAt > serverTime) return { input: local.input, step: local.step, isDirty: true };
  return { input: assessment.input, step: assessment.currentStep ?? 'profile', isDirty: false };
}

/**
 * The guided assessment: profile → frameworks → the 19 factors in five groups → review. The
 * draft autosaves to the server and the browser, and resumes at the step the user was on.
 */
export function GuidedAssessment({
  assessment,
  onCompleted,
  onCompletedOnDevice,
}: {
  assessment: Assessment;
  onCompleted: (completed: Assessment) => void;
  /** With no connection: the completion is queued and the results are computed on this device (ADR 162). */
  onCompletedOnDevice?: (input: RiskInput) => void;
}) {
  const [initial] = useState(() => initialState(assessment));
  const [input, setInput] = useState<DraftRiskInput>(initial.input);
  const [step, setStep] = useState<AssessmentStep>(initial.step);
  const { status, flush } = useDraftAutosave(assessment.id, input, step, initial.isDirty);
  const complete = useCompleteAssessment();
  const queueCompletion = useQueueCompletion();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const validator = useRef<(() => Promise<boolean>) | null>(null);
  const isFirstRender = useRef(true);
  const stepIndex = ASSESSMENT_STEPS.indexOf(step);
  const suggestions = useMemo(() => computeSuggestions(input), [input]);

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const registerValidator = useCallback((validate: () => Promise<boolean>) => {
    validator.current = validate;
  }, []);

  const onOrganisation = useCallback((organisation: DraftRiskInput['organisation']) => setInput((current) => ({ ...current, organisation })), []);
  const onFrameworks = useCallback((frameworks: DraftRiskInput['frameworks']) => setInput((current) => ({ ...current, ...(frameworks ? { frameworks } : {}) })), []);
  const onAnswer = useCallback((id: FactorId, answer: FactorAnswer) => setInput((current) => setFactorAnswer(current, id, answer)), []);

  const goTo = async (target: AssessmentStep) => {
    if (step === 'profile' && ASSESSMENT_STEPS.indexOf(target) > stepIndex && validator.current && !(await validator.current())) return;
    validator.current = null;
    setStep(target);
    window.scrollTo({ top: 0 });
  };

  const { input: completeInput, issues } = toCompleteInput({ ...input, frameworks: input.frameworks ?? {}, factors: input.factors ?? {} });
  const conflicts = completeInput ? findFactorAnswerConflicts(completeInput.factors, [...suggestions.values()]) : [];
  const unanswered = FACTORS.filter((f) => input.factors?.[f.id] === undefined);

  const calculate = async () => {
    if (!completeInput) return;
    // The server completes what it has stored: make sure it has the latest answers.
    const withDefaults: DraftRiskInput = { ...input, frameworks: input.frameworks ?? {}, factors: input.factors ?? {} };
    setInput(withDefaults);
    const saved = await flush({ input: withDefaults, step });
    if (saved === 'queued' && onCompletedOnDevice) {
      try {
        if (await queueCompletion(assessment.id, { input: withDefaults, step })) {
          onCompletedOnDevice(completeInput);
          return;
        }
      } catch (error) {
        toast({ title: 'Could not calculate', description: getErrorMessage(error), variant: 'destructive' });
        return;
      }
    }
    complete.mutate(
      { id: assessment.id },
      {
        onSuccess: (completed) => {
          removeLocalDraft(assessment.id);
          onCompleted(completed);
        },
        onError: (error) => toast({ title: 'Could not calculate', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Assessment progress" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="font-medium text-slate-900">
            Step {stepIndex + 1} of {ASSESSMENT_STEPS.length}: {STEP_TITLES[step]}
          </p>
          <p className={cn('text-slate-700', status === 'offline' && 'font-medium text-amber-900')} role="status" aria-live="polite" data-testid="save-status">
            {SAVE_LABELS[status]} · {countAnswered(input)} of {FACTORS.length} questions answered
          </p>
        </div>
        <div role="progressbar" aria-label="Assessment progress" aria-valuemin={1} aria-valuemax={ASSESSMENT_STEPS.length} aria-valuenow={stepIndex + 1} aria-valuetext={`Step ${stepIndex + 1} of ${ASSESSMENT_STEPS.length}`} className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-blue-700 transition-all" style={{ width: `${((stepIndex + 1) / ASSESSMENT_STEPS.length) * 100}%` }} />
        </div>
        <ol className="flex flex-wrap gap-2 text-xs">
          {ASSESSMENT_STEPS.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => void goTo(s)}
                aria-current={s === step ? 'step' : undefined}
                className={cn(
                  'rounded-full border px-3 py-1 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none',
                  s === step ? 'border-blue-700 bg-blue-700 text-white' : i < stepIndex ? 'border-blue-300 bg-blue-50 text-blue-900' : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                {i + 1}. {STEP_TITLES[s]}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="step-title" className="flex flex-col gap-4">
        <div>
          <h2 id="step-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 outline-none">
            {STEP_TITLES[step]}
          </h2>
          <p className="text-slate-700">{STEP_INTROS[step]}</p>
        </div>

        {step === 'profile' ? <ProfileStep draft={input} onChange={onOrganisation} registerValidator={registerValidator} /> : null}
        {step === 'frameworks' ? <FrameworksStep draft={input} onChange={onFrameworks} /> : null}
        {isFactorStep(step)
          ? FACTORS.filter((f) => f.group === step).map((f) => <FactorQuestion key={f.id} factor={f} answer={input.factors?.[f.id]} suggestion={suggestions.get(f.id)} onAnswer={(a) => onAnswer(f.id, a)} />)
          : null}
        {step === 'review' ? (
          <div className="flex flex-col gap-4">
            <dl className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-700">Organisation</dt>
                <dd className="text-slate-900">{input.organisation?.name || '—'}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Industry, size</dt>
                <dd className="text-slate-900">
                  {input.organisation?.industry ?? '—'}, {input.organisation?.employees ?? '—'} employees, revenue {input.organisation?.annualRevenueUsd ? formatUsd(input.organisation.annualRevenueUsd) : '—'}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Questions answered</dt>
                <dd className="text-slate-900">
                  {countAnswered(input)} of {FACTORS.length}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Frameworks declared</dt>
                <dd className="text-slate-900">{Object.keys(input.frameworks ?? {}).length}</dd>
              </div>
            </dl>
            {issues.length > 0 ? (
              <Alert variant="destructive">
                <AlertTitle>Some required details are missing</AlertTitle>
                <AlertDescription>
                  Complete your organisation profile (industry, employees, revenue) before calculating.{' '}
                  <button type="button" className="font-medium underline" onClick={() => void goTo('profile')}>
                    Go to your organisation
                  </button>
                </AlertDescription>
              </Alert>
            ) : null}
            {unanswered.length > 0 ? (
              <Alert variant="warning" role="note">
                <AlertTitle>{unanswered.length} questions not answered</AlertTitle>
                <AlertDescription>
                  {unanswered.map((f) => `${f.name}${suggestions.has(f.id) ? ' (suggested answer used)' : ' (taken as average)'}`).join('; ')}.
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
        ) : null}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <Button type="button" variant="outline" disabled={stepIndex === 0} onClick={() => void goTo(ASSESSMENT_STEPS[stepIndex - 1] ?? 'profile')}>
          Back
        </Button>
        {step === 'review' ? (
          <Button type="button" size="lg" disabled={!completeInput || complete.isPending} onClick={() => void calculate()}>
            {complete.isPending ? 'Calculating…' : 'Calculate my results'}
          </Button>
        ) : (
          <Button type="button" onClick={() => void goTo(ASSESSMENT_STEPS[stepIndex + 1] ?? 'review')}>
            Next: {STEP_TITLES[ASSESSMENT_STEPS[stepIndex + 1] ?? 'review']}
          </Button>
        )}
      </div>
    </div>
  );
}
