import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import type { useVisitorCheckoutForm } from '../hooks/use-visitor-checkout-form.ts';

/** A visitor's work e-mail and company (the receipt and the account link go there), on /subscribe and /checkout. */
export function VisitorFields({ form, idPrefix, emailPlaceholder }: { form: ReturnType<typeof useVisitorCheckoutForm>; idPrefix: string; emailPlaceholder?: string }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id={`${idPrefix}-email`} label="Work e-mail" error={errors.email?.message} required>
        <Input {...fieldAria(`${idPrefix}-email`, errors.email?.message)} type="email" autoComplete="email" placeholder={emailPlaceholder} {...form.register('email')} />
      </FormField>
      <FormField id={`${idPrefix}-company`} label="Company" error={errors.company?.message} required>
        <Input {...fieldAria(`${idPrefix}-company`, errors.company?.message)} autoComplete="organization" {...form.register('company')} />
      </FormField>
    </>
  );
}
