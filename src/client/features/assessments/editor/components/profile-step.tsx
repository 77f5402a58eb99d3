import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import type { DraftRiskInput } from '@/contracts/assessments.ts';
import { INDUSTRIES } from '@/engine/industries.ts';

const optionalCount = z.number({ error: 'Enter a whole number (0 if none)' }).int('Enter a whole number').min(0, 'Cannot be negative').max(1e10, 'Too large');

const ProfileFormSchema = z.object({
  name: z.string().max(200, 'At most 200 characters'),
  industry: z.enum(INDUSTRIES.map((i) => i.id) as [string, ...string[]], { error: 'Choose your industry' }),
  employees: z.number({ error: 'Enter the number of employees' }).int('Enter a whole number').min(1, 'At least 1').max(100_000, 'At most 100,000'),
  annualRevenueUsd: z.number({ error: 'Enter your annual revenue in US dollars' }).min(1_000, 'At least $1,000').max(1e13, 'Too large'),
  personal: optionalCount,
  health: optionalCount,
  paymentCard: optionalCount,
  consumerFinancial: optionalCount,
  holdsEuResidentsData: z.boolean(),
  holdsCaliforniaResidentsData: z.boolean(),
  isPubliclyTraded: z.boolean(),
});
type ProfileForm = z.infer<typeof ProfileFormSchema>;

function toForm(draft: DraftRiskInput): Partial<ProfileForm> {
  const o = draft.organisation ?? {};
  return {
    name: o.name ?? '',
    ...(o.industry ? { industry: o.industry } : {}),
    ...(o.employees !== undefined ? { employees: o.employees } : {}),
    ...(o.annualRevenueUsd !== undefined ? { annualRevenueUsd: o.annualRevenueUsd } : {}),
    personal: o.records?.personal ?? 0,
    health: o.records?.health ?? 0,
    paymentCard: o.records?.paymentCard ?? 0,
    consumerFinancial: o.records?.consumerFinancial ?? 0,
    holdsEuResidentsData: o.holdsEuResidentsData ?? false,
    holdsCaliforniaResidentsData: o.holdsCaliforniaResidentsData ?? false,
    isPubliclyTraded: o.isPubliclyTraded ?? false,
  };
}

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Only what is valid so far goes into the draft (the server refuses out-of-range values). */
function toOrganisation(values: Partial<ProfileForm>): DraftRiskInput['organisation'] {
  const parsed = ProfileFormSchema.partial().safeParse(values);
  const ok = (key: keyof ProfileForm) => !parsed.success && parsed.error.issues.some((i) => i.path[0] === key) ? false : true;
  const employees = finite(values.employees);
  const revenue = finite(values.annualRevenueUsd);
  const count = (key: 'personal' | 'health' | 'paymentCard' | 'consumerFinancial') => (ok(key) ? finite(values[key]) : undefined);
  const records = { personal: count('personal'), health: count('health'), paymentCard: count('paymentCard'), consumerFinancial: count('consumerFinancial') };
  return {
    ...(values.name && ok('name') ? { name: values.name } : {}),
    ...(values.industry ? { industry: values.industry as NonNullable<DraftRiskInput['organisation']>['industry'] } : {}),
    ...(employees !== undefined && ok('employees') ? { employees } : {}),
    ...(revenue !== undefined && ok('annualRevenueUsd') ? { annualRevenueUsd: revenue } : {}),
    records: Object.fromEntries(Object.entries(records).filter(([, v]) => v !== undefined)),
    holdsEuResidentsData: values.holdsEuResidentsData ?? false,
    holdsCaliforniaResidentsData: values.holdsCaliforniaResidentsData ?? false,
    isPubliclyTraded: values.isPubliclyTraded ?? false,
  };
}

/** Step 1: who you are. Every change flows into the draft (and its autosave). */
export function ProfileStep({ draft, onChange, registerValidator }: { draft: DraftRiskInput; onChange: (organisation: DraftRiskInput['organisation']) => void; registerValidator: (validate: () => Promise<boolean>) => void }) {
  const form = useForm<ProfileForm>({ resolver: zodResolver(ProfileFormSchema), defaultValues: toForm(draft), mode: 'onBlur' });
  const { register, formState, watch, trigger } = form;
  const errors = formState.errors;

  useEffect(() => {
    const subscription = watch((values) => onChange(toOrganisation(values as Partial<ProfileForm>)));
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  useEffect(() => {
    registerValidator(() => trigger());
  }, [registerValidator, trigger]);

  const num = { valueAsNumber: true } as const;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <FormField id="org-name" label="Organisation name" error={errors.name?.message} hint="Shown on your results and exports.">
        <Input {...fieldAria('org-name', errors.name?.message, true)} autoComplete="organization" {...register('name')} />
      </FormField>
      <FormField id="org-industry" label="Industry" required error={errors.industry?.message}>
        <select
          {...fieldAria('org-industry', errors.industry?.message)}
          {...register('industry')}
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
          defaultValue={draft.organisation?.industry ?? ''}
        >
          <option value="" disabled>
            Choose…
          </option>
          {INDUSTRIES.map((i) => (
            <option key={i.id} value={i.id}>
              {i.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="org-employees" label="Number of employees" required error={errors.employees?.message} hint="Include part-time staff and contractors with an email account.">
        <Input type="number" min={1} step={1} inputMode="numeric" {...fieldAria('org-employees', errors.employees?.message, true)} {...register('employees', num)} />
      </FormField>
      <FormField id="org-revenue" label="Annual revenue (USD)" required error={errors.annualRevenueUsd?.message} hint="Last financial year; a round figure is fine.">
        <Input type="number" min={1000} step={1000} inputMode="numeric" {...fieldAria('org-revenue', errors.annualRevenueUsd?.message, true)} {...register('annualRevenueUsd', num)} />
      </FormField>
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 md:col-span-2 md:grid-cols-2">
        <legend className="px-1 font-semibold text-slate-900">Records you hold (approximate counts, 0 if none)</legend>
        <FormField id="rec-personal" label="Personal data of customers or staff" error={errors.personal?.message}>
          <Input type="number" min={0} step={1} inputMode="numeric" {...fieldAria('rec-personal', errors.personal?.message)} {...register('personal', num)} />
        </FormField>
        <FormField id="rec-health" label="Health records (patients)" error={errors.health?.message}>
          <Input type="number" min={0} step={1} inputMode="numeric" {...fieldAria('rec-health', errors.health?.message)} {...register('health', num)} />
        </FormField>
        <FormField id="rec-card" label="Payment card numbers" error={errors.paymentCard?.message}>
          <Input type="number" min={0} step={1} inputMode="numeric" {...fieldAria('rec-card', errors.paymentCard?.message)} {...register('paymentCard', num)} />
        </FormField>
        <FormField id="rec-financial" label="Consumer financial data (loans, accounts)" error={errors.consumerFinancial?.message}>
          <Input type="number" min={0} step={1} inputMode="numeric" {...fieldAria('rec-financial', errors.consumerFinancial?.message)} {...register('consumerFinancial', num)} />
        </FormField>
      </fieldset>
      <fieldset className="grid gap-2 md:col-span-2">
        <legend className="mb-1 font-semibold text-slate-900">Where your data subjects are and how you are owned</legend>
        {(
          [
            ['holdsEuResidentsData', 'We hold data about people in the EU (GDPR applies)'],
            ['holdsCaliforniaResidentsData', 'We hold data about California residents (CCPA applies)'],
            ['isPubliclyTraded', 'We are publicly traded (SOX applies)'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="checkbox" className="size-4 accent-blue-700" {...register(key)} />
            {label}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
