import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  getHelpUserEmail,
  getHelpUserName,
  HELP_CATEGORIES,
  HELP_CATEGORY_LABELS,
  HELP_MESSAGE_MAX,
  HELP_SUBJECT_MAX,
  HelpCategorySchema,
} from '@/contracts/help.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { currentUserQueryOptions } from '@/client/lib/current-user.ts';
import { useSubmitHelpRequest } from '../api/submit-help-request.ts';
import type { HelpDraft } from '../help-draft.ts';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/40 focus-visible:outline-none md:text-sm';

/** Spec section 5: all three fields are required; anything missing gives one 'Missing Information' toast. */
const HelpFormSchema = z.object({
  category: z.string().pipe(HelpCategorySchema),
  subject: z.string().trim().min(1),
  message: z.string().trim().min(1),
});
type HelpFormValues = z.infer<typeof HelpFormSchema>;

/** Sends the request with the signed-in person's name and e-mail, and toasts the outcome (spec section 5). */
function useSendHelpRequest(onSent: () => void) {
  const queryClient = useQueryClient();
  const mutation = useSubmitHelpRequest();
  const send = (values: HelpFormValues) => {
    const user = queryClient.getQueryData(currentUserQueryOptions().queryKey) ?? null;
    mutation.mutate(
      { ...values, userEmail: getHelpUserEmail(user), userName: getHelpUserName(user) },
      {
        onSuccess: () => {
          toast({
            title: 'Help Request Sent',
            description: "Your help request has been sent to our support team. We'll get back to you soon!",
          });
          onSent();
        },
        onError: (error) => {
          console.error('Help request failed', error);
          toast({
            title: 'Submission Failed',
            description: 'Failed to send help request. Please try again or contact support directly.',
            variant: 'destructive',
          });
        },
      },
    );
  };
  return { mutation, send };
}

/** The form inside 'Get Help & Support' (loaded when the dialog first opens; spec sections 5 and 8). */
export function HelpRequestForm({
  draft,
  onDraftChange,
  onSent,
  onCancel,
}: {
  draft: HelpDraft;
  onDraftChange: (draft: HelpDraft) => void;
  onSent: () => void;
  onCancel: () => void;
}) {
  const { mutation, send } = useSendHelpRequest(onSent);
  const form = useForm<HelpDraft, unknown, HelpFormValues>({ defaultValues: draft, resolver: zodResolver(HelpFormSchema) });

  // The dialog keeps the draft while it is closed (spec section 4), so every keystroke goes up.
  useEffect(() => {
    const subscription = form.watch((values) =>
      onDraftChange({ category: values.category ?? '', subject: values.subject ?? '', message: values.message ?? '' }),
    );
    return () => subscription.unsubscribe();
  }, [form, onDraftChange]);

  const showMissing = () =>
    toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });

  const onSubmit = form.handleSubmit(send, showMissing);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Help request">
      <FormField id="help-category" label="Category" required>
        <select id="help-category" aria-required="true" className={selectClass} {...form.register('category')}>
          <option value="">Select a category</option>
          {HELP_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {HELP_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="help-subject" label="Subject" required>
        <Input id="help-subject" aria-required="true" maxLength={HELP_SUBJECT_MAX} {...form.register('subject')} />
      </FormField>
      <FormField id="help-message" label="Message" required>
        <Textarea id="help-message" aria-required="true" rows={5} maxLength={HELP_MESSAGE_MAX} {...form.register('message')} />
      </FormField>
      <DialogFormFooter onCancel={onCancel} isPending={mutation.isPending} submitLabel="Send Request" pendingLabel="Sending..." />
    </form>
  );
}
