import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { formatLongDate } from '@/reports/format.ts';
import { SUB_LIMIT_IDS, SUB_LIMIT_LABELS, type RiskProfile, type RiskProfileSettings } from '@/contracts/risk-profile.ts';
import { RiskProfileFormSchema, toFormValues, toSettings, type RiskProfileFormValues } from '../lib/risk-profile-form.ts';

/** A dollar amount with its label, hint and error; the error is given once and reaches both the field and the input. */
function MoneyField({
  id,
  label,
  error,
  hint,
  required,
  ...props
}: { id: string; label: string; error: string | undefined; hint?: string; required?: boolean } & React.ComponentProps<'input'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} required={required}>
      <Input {...fieldAria(id, error, hint !== undefined)} inputMode="numeric" autoComplete="off" placeholder="e.g. 1,000,000" {...props} />
    </FormField>
  );
}

/**
 * The organisation's cyber policy and risk appetite (ADR 218). Saved for the organisation; every
 * assessment completed afterwards runs with them. Viewers see the figures but cannot save.
 */
export function RiskProfileForm({
  profile,
  canEdit,
  isSaving,
  onSave,
}: {
  profile: RiskProfile | undefined;
  canEdit: boolean;
  isSaving: boolean;
  onSave: (settings: RiskProfileSettings) => Promise<unknown>;
}) {
  const form = useForm<RiskProfileFormValues>({ resolver: zodResolver(RiskProfileFormSchema), defaultValues: toFormValues(profile) });
  useEffect(() => form.reset(toFormValues(profile)), [profile, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(toSettings(values));
      toast({ title: 'Insurance and appetite saved', description: 'Assessments completed from now on use them.' });
    } catch (error) {
      toast({ title: 'Could not save', description: getErrorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Insurance policy and risk appetite">
      {profile?.updatedAt ? <p className="text-sm text-slate-700">Last changed {formatLongDate(profile.updatedAt)}.</p> : null}
      <fieldset disabled={!canEdit || isSaving} className="grid gap-6">
        <AppetiteCard form={form} />
        <PolicyCard form={form} />
      </fieldset>
      {canEdit ? (
        <div>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save insurance and appetite'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">Your role in this organisation is read-only: a member or owner can change these figures.</p>
      )}
    </form>
  );
}

const APPETITE_FIELDS = [
  { id: 'appetite', name: 'appetiteUsd', label: 'Loss in a year we can absorb (USD)', hint: 'Leave empty if not decided yet.' },
  {
    id: 'budget',
    name: 'budgetUsd',
    label: 'Security budget a year (USD)',
    hint: "Option C of the board's decision: the best value within this budget. Empty: 1% of revenue.",
  },
] as const;

/** The loss a year the organisation can absorb and its security budget. */
function AppetiteCard({ form }: { form: UseFormReturn<RiskProfileFormValues> }) {
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk appetite</CardTitle>
        <CardDescription>
          The loss in one year the organisation can absorb. Reports draw it on the loss curve with the chance of exceeding it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {APPETITE_FIELDS.map((field) => (
          <MoneyField key={field.id} {...field} error={errors[field.name]?.message} {...form.register(field.name)} />
        ))}
      </CardContent>
    </Card>
  );
}

/** The cyber-insurance policy: limit, retention, co-insurance and sub-limits. */
function PolicyCard({ form }: { form: UseFormReturn<RiskProfileFormValues> }) {
  const { errors } = form.formState;
  const hasPolicy = form.watch('hasPolicy');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cyber-insurance policy</CardTitle>
        <CardDescription>
          The model applies the retention and co-insurance to each incident and the aggregate limit to each year.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <input type="checkbox" className="size-4" {...form.register('hasPolicy')} />
          We have a cyber-insurance policy
        </label>
        {hasPolicy ? (
          <div className="grid gap-4 sm:grid-cols-3">
            <MoneyField id="limit" label="Aggregate limit (USD)" error={errors.limitUsd?.message} required {...form.register('limitUsd')} />
            <MoneyField
              id="retention"
              label="Retention / deductible per incident (USD)"
              error={errors.retentionUsd?.message}
              {...form.register('retentionUsd')}
            />
            <FormField id="coinsurance" label="Co-insurance we keep (%)" error={errors.coinsurancePercent?.message}>
              <Input
                {...fieldAria('coinsurance', errors.coinsurancePercent?.message)}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0"
                {...form.register('coinsurancePercent')}
              />
            </FormField>
          </div>
        ) : null}
        {hasPolicy ? (
          <fieldset className="grid gap-4">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Sub-limits (optional)</legend>
            <p className="text-sm text-slate-700">
              Shown in the reports but not modelled per scenario yet: the figures apply the aggregate limit and retention only.
            </p>
            <div className="grid gap-4 sm:grid-cols-3">
              {SUB_LIMIT_IDS.map((id) => (
                <MoneyField
                  key={id}
                  id={`sub-limit-${id}`}
                  label={`${SUB_LIMIT_LABELS[id]} (USD)`}
                  error={errors.subLimits?.[id]?.message}
                  {...form.register(`subLimits.${id}`)}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
      </CardContent>
    </Card>
  );
}
