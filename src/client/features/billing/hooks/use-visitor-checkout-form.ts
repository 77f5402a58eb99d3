import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { VisitorCheckoutFormSchema, type VisitorCheckoutForm } from '@/contracts/billing.ts';
import { readCheckoutDraft } from '../lib/checkout-draft.ts';

/**
 * The plan (and, for a visitor, work e-mail and company) chosen on /subscribe and confirmed on
 * /checkout: one form shape, started from the draft the browser kept between the two pages.
 */
export function useVisitorCheckoutForm(isSignedIn: boolean) {
  const draft = readCheckoutDraft();
  return useForm<VisitorCheckoutForm>({
    resolver: zodResolver(isSignedIn ? VisitorCheckoutFormSchema.pick({ plan: true }) : VisitorCheckoutFormSchema) as never,
    defaultValues: { plan: draft.plan ?? 'annual', email: draft.email ?? '', company: draft.company ?? '' },
  });
}
