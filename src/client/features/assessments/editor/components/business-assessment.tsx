import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { BUSINESS_STEPS, type Assessment, type DraftRiskInput } from '@/contracts/assessments.ts';
import { BUSINESS_QUESTIONS, UNKNOWN_ANSWER, type BusinessAnswers } from '@/contracts/business-questions.ts';
import { useDraftAutosave } from '../hooks/use-draft-autosave.ts';
import { useCompletion } from '../hooks/use-guided-completion.ts';
import { buildBusinessInput } from '../lib/business-input.ts';
import { readLocalDraft, toCompleteInput } from '../../shared/lib/draft-input.ts';
import { ANSWER_RADIO_CLASS, AnswerOption } from './answer-option.tsx';
import { ProfileStep } from './profile-step.tsx';
import type { AssessmentPathProps } from './guided-assessment.tsx';
import { QuestionnaireFrame } from './questionnaire-frame.tsx';

type BusinessStep = (typeof BUSINESS_STEPS)[number];
const STEP_TITLES: Record<BusinessStep, string> = { profile: 'Your organisation', businessQuestions: '15 plain questions' };
const CHOOSE_MESSAGE = "Choose an answer, or “I don't know”";

const BusinessFormSchema = z.object(
  Object.fromEntries(
    BUSINESS_QUESTIONS.map((q) => [
      q.id,
      z.enum([UNKNOWN_ANSWER, ...q.options.map((o) => o.value)] as [string, ...string[]], { error: CHOOSE_MESSAGE }),
    ]),
  ),
);
type BusinessForm = z.infer<typeof BusinessFormSchema>;

function initialState(assessment: Assessment) {
  const local = readLocalDraft(assessment.id);
  if (local && local.isDirty && local.savedAt > Date.parse(assessment.updatedAt)) {
    return {
      input: local.input,
      businessAnswers: local.businessAnswers ?? assessment.businessAnswers,
      step: local.step === 'businessQuestions' ? local.step : 'profile',
      isDirty: true,
    } as const;
  }
  return {
    input: assessment.input,
    businessAnswers: assessment.businessAnswers,
    step: assessment.currentStep === 'businessQuestions' ? 'businessQuestions' : 'profile',
    isDirty: false,
  } as const;
}

/** One plain question with its options and "I don't know", as native radios (react-hook-form). */
function BusinessQuestionField({
  index,
  question,
  register,
  error,
  value,
}: {
  index: number;
  question: (typeof BUSINESS_QUESTIONS)[number];
  register: ReturnType<typeof useForm<BusinessForm>>['register'];
  error: string | undefined;
  value: string | undefined;
}) {
  const errorId = `bq-${question.id}-error`;
  const options = [...question.options.map((o) => ({ value: o.value, label: o.label })), { value: UNKNOWN_ANSWER, label: "I don't know" }];
  return (
    <fieldset
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : `bq-${question.id}-hint`}
      data-testid={`bq-${question.id}`}
    >
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">
        {index + 1}. {question.question}
      </legend>
      <p id={`bq-${question.id}-hint`} className="clear-left mb-3 text-sm text-slate-700">
        {question.hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const id = `bq-${question.id}-${o.value}`;
          return (
            <AnswerOption key={o.value} id={id} isChecked={value === o.value} label={o.label}>
              <input id={id} type="radio" value={o.value} {...register(question.id)} className={ANSWER_RADIO_CLASS} />
            </AnswerOption>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const STEP_INTROS: Record<BusinessStep, string> = {
  profile: 'A few facts about your organisation set the starting point: how often organisations like yours have incidents and what they cost.',
  businessQuestions:
    "No security background needed. If you are not sure, choose “I don't know”: it widens the estimate's range instead of guessing, and you can hand those questions to your security lead afterwards.",
};

/** Keeps the draft's answers in step with the form (the autosave stores them); returns the unsubscribe. */
function followAnswers(form: UseFormReturn<BusinessForm>, setBusinessAnswers: (answers: BusinessAnswers) => void): () => void {
  const subscription = form.watch((all) => setBusinessAnswers(Object.fromEntries(Object.entries(all).filter(([, v]) => typeof v === 'string')) as BusinessAnswers));
  return () => subscription.unsubscribe();
}

function BusinessNavigation({ step, isPending, onGoTo }: { step: BusinessStep; isPending: boolean; onGoTo: (step: BusinessStep) => void }) {
  return (
    <>
      <Button type="button" variant="outline" disabled={step === 'profile'} onClick={() => onGoTo('profile')}>
        Back
      </Button>
      {/* Distinct keys: reusing one <button> would turn the "Next" click into a submit of the
          questions form the moment it renders (the click's default action runs after React's update). */}
      {step === 'businessQuestions' ? (
        <Button key="calculate" type="submit" form="business-questions" size="lg" disabled={isPending}>
          {isPending ? 'Calculating…' : 'Calculate my results'}
        </Button>
      ) : (
        <Button key="next" type="button" onClick={() => onGoTo('businessQuestions')}>
          Next: the questions
        </Button>
      )}
    </>
  );
}

/** The plain questions, then how many were answered "I don't know" (each will show its range). */
function BusinessQuestionsForm({ form, values, onSubmit }: { form: UseFormReturn<BusinessForm>; values: BusinessForm; onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  const unknownCount = BUSINESS_QUESTIONS.filter((q) => values[q.id] === UNKNOWN_ANSWER).length;
  return (
    <form id="business-questions" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {BUSINESS_QUESTIONS.map((q, index) => (
        <BusinessQuestionField key={q.id} index={index} question={q} register={form.register} error={form.formState.errors[q.id]?.message} value={values[q.id] as string | undefined} />
      ))}
      {unknownCount > 0 ? (
        <Alert variant="warning" role="note">
          <AlertDescription>
            {unknownCount} “I don't know” answer{unknownCount === 1 ? '' : 's'}: your result will show how much each one could move the estimate.
          </AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}

/**
 * The business-leader path: the organisation profile, then about ten minutes of
 * plain questions, each allowing "I don't know". The server maps the answers onto the 19 factors.
 */
export function BusinessAssessment({ assessment, onCompleted, onCompletedOnDevice }: AssessmentPathProps) {
  const [initial] = useState(() => initialState(assessment));
  const [input, setInput] = useState<DraftRiskInput>(initial.input);
  const [step, setStep] = useState<BusinessStep>(initial.step);
  const form = useForm<BusinessForm>({
    resolver: zodResolver(BusinessFormSchema),
    defaultValues: initial.businessAnswers as BusinessForm,
    mode: 'onSubmit',
  });
  const [businessAnswers, setBusinessAnswers] = useState<BusinessAnswers>(initial.businessAnswers);
  const snapshot = useMemo(() => ({ input, step, evidenceNotes: {}, businessAnswers }), [input, step, businessAnswers]);
  const autosave = useDraftAutosave(assessment.id, snapshot, initial.isDirty);
  const completion = useCompletion({ assessmentId: assessment.id, stopAutosave: autosave.stop, onCompleted, onCompletedOnDevice });
  const validator = useRef<(() => Promise<boolean>) | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const values = form.watch();
  // A radio group with nothing chosen reads as null once react-hook-form has looked at the DOM: only a chosen value counts.
  const answeredCount = BUSINESS_QUESTIONS.filter((q) => typeof values[q.id] === 'string').length;

  useEffect(() => followAnswers(form, setBusinessAnswers), [form]);

  const registerValidator = useCallback((validate: () => Promise<boolean>) => {
    validator.current = validate;
  }, []);
  const onOrganisation = useCallback(
    (organisation: DraftRiskInput['organisation']) => setInput((current) => ({ ...current, organisation })),
    [],
  );

  const goTo = async (target: BusinessStep) => {
    if (step === 'profile' && target !== 'profile' && validator.current && !(await validator.current())) return;
    validator.current = null;
    setStep(target);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const submit = form.handleSubmit(
    (answers) => {
      const full = buildBusinessInput(input, answers as BusinessAnswers);
      const completeInput = toCompleteInput(full).input;
      if (!completeInput) {
        toast({ title: 'Some details are missing', description: 'Complete your organisation profile first.', variant: 'destructive' });
        void goTo('profile');
        return;
      }
      const businessAnswers = answers as BusinessAnswers;
      return completion.calculate({ finalInput: full, step, completeInput, body: { businessAnswers }, businessAnswers });
    },
    () =>
      toast({
        title: 'Some questions have no answer',
        description: "Choose an answer for each, or “I don't know”.",
        variant: 'destructive',
      }),
  );

  return (
    <QuestionnaireFrame
      steps={BUSINESS_STEPS}
      titles={STEP_TITLES}
      step={step}
      status={autosave.status}
      answeredText={`${answeredCount} of ${BUSINESS_QUESTIONS.length} questions answered`}
      answered={{ count: answeredCount, total: BUSINESS_QUESTIONS.length }}
      onGoTo={(s) => void goTo(s)}
      headingRef={headingRef}
      intro={STEP_INTROS[step]}
      navigation={<BusinessNavigation step={step} isPending={completion.isCalculating} onGoTo={(s) => void goTo(s)} />}
    >
      {step === 'profile' ? <ProfileStep draft={input} onChange={onOrganisation} registerValidator={registerValidator} /> : null}
      {step === 'businessQuestions' ? (
        <BusinessQuestionsForm form={form} values={values} onSubmit={(e) => void submit(e)} />
      ) : null}
    </QuestionnaireFrame>
  );
}
