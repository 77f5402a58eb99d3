import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PlanIdSchema, VisitorCheckoutFormSchema, type PlanId, type VisitorCheckoutForm } from '@/contracts/billing.ts';
import { readCheckoutDraft } from '../lib/checkout-draft.ts';

/** The plan a visitor picked before /subscribe (`?plan=monthly`), when the address names one. */
function planFromAddress(): PlanId | undefined {
  const parsed = PlanIdSchema.safeParse(new URLSearchParams(window.location.search).get('plan'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The plan (and, for a visitor, work e-mail and company) chosen on /subscribe and confirmed on
 * /checkout: one form shape, started from the plan picked before (the address, then the draft the
 * browser kept between the two pages). Nothing is chosen for the buyer: with neither, no plan is
 * selected and 'Continue' asks for one (a click straight through never buys the dearer plan).
 */
export function useVisitorCheckoutForm(isSignedIn: boolean) {
  const draft = readCheckoutDraft();
  return useForm<VisitorCheckoutForm>({
    resolver: zodResolver(isSignedIn ? VisitorCheckoutFormSchema.pick({ plan: true }) : VisitorCheckoutFormSchema) as never,
    defaultValues: { plan: planFromAddress() ?? draft.plan, email: draft.email ?? '', company: draft.company ?? '' },
  });
}
