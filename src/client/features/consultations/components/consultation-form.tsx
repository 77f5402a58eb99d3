import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  CONSULTATION_INDUSTRIES,
  CONSULTATION_INDUSTRY_LABELS,
  CONSULTATION_SERVICE_LABELS,
  CONSULTATION_SERVICES,
  CreateConsultationInputSchema,
  type CreateConsultationInput,
} from '@/contracts/consultations.ts';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useCreateConsultation } from '../api/create-consultation.ts';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/40 focus-visible:outline-none aria-invalid:border-red-600 md:text-sm';

const EMPTY: CreateConsultationInput = {
  name: '',
  email: '',
  company: '',
  companySize: '' as never,
  industry: '' as never,
  service: '' as never,
  message: '',
};

function ConsultationSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center" data-testid="consultation-success">
      <CheckCircle2 className="size-12 text-green-700" aria-hidden="true" />
      <h3 className="text-2xl font-semibold text-slate-900">Thank you, your request has been received</h3>
      <p className="max-w-md text-slate-700">
        A CIFER consultant will reply to <strong>{email}</strong>, usually within one business day.
      </p>
      <Button variant="outline" onClick={onAnother}>
        Send another request
      </Button>
    </div>
  );
}

/** A required choice from a list, with its "Select …" prompt first. */
function ChoiceField<V extends string>({
  id,
  label,
  placeholder,
  error,
  registration,
  values,
  labels,
}: {
  id: string;
  label: string;
  placeholder: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  values: readonly V[];
  labels: Record<V, string>;
}) {
  return (
    <FormField id={id} label={label} required error={error}>
      <select className={selectClass} {...fieldAria(id, error)} {...registration}>
        <option value="">{placeholder}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </FormField>
  );
}

export function ConsultationForm() {
  const mutation = useCreateConsultation();
  const [submittedEmail, setSubmittedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateConsultationInput>({ resolver: zodResolver(CreateConsultationInputSchema), defaultValues: EMPTY });

  if (submittedEmail) {
    return (
      <ConsultationSent
        email={submittedEmail}
        onAnother={() => {
          reset(EMPTY);
          mutation.reset();
          setSubmittedEmail(null);
        }}
      />
    );
  }

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, { onSuccess: () => setSubmittedEmail(values.email.trim()) });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Consultation request" className="grid gap-5">
      {mutation.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Your request was not sent</AlertTitle>
          <AlertDescription>{getErrorMessage(mutation.error, 'Please try again in a moment.')}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="consultation-name" label="Full name" required error={errors.name?.message}>
          <Input autoComplete="name" {...fieldAria('consultation-name', errors.name?.message)} {...register('name')} />
        </FormField>
        <FormField id="consultation-email" label="Work email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria('consultation-email', errors.email?.message)} {...register('email')} />
        </FormField>
        <FormField id="consultation-company" label="Company" required error={errors.company?.message}>
          <Input autoComplete="organization" {...fieldAria('consultation-company', errors.company?.message)} {...register('company')} />
        </FormField>
        <ChoiceField id="consultation-size" label="Company size" placeholder="Select company size" error={errors.companySize?.message} registration={register('companySize')} values={COMPANY_SIZES} labels={COMPANY_SIZE_LABELS} />
        <ChoiceField id="consultation-industry" label="Industry" placeholder="Select industry" error={errors.industry?.message} registration={register('industry')} values={CONSULTATION_INDUSTRIES} labels={CONSULTATION_INDUSTRY_LABELS} />
        <ChoiceField id="consultation-service" label="Service of interest" placeholder="Select a service" error={errors.service?.message} registration={register('service')} values={CONSULTATION_SERVICES} labels={CONSULTATION_SERVICE_LABELS} />
      </div>
      <FormField id="consultation-message" label="What would you like to discuss?" error={errors.message?.message}>
        <Textarea rows={4} {...fieldAria('consultation-message', errors.message?.message)} {...register('message')} />
      </FormField>
      <p className="text-sm text-slate-600">
        Fields marked * are required. We use these details only to answer your request; see our{' '}
        <a href="/privacy-policy.html" target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
          Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Request Consultation'}
      </Button>
    </form>
  );
}
