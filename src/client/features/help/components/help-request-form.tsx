import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  getHelpUserEmail,
  getHelpUserName,
  HELP_CATEGORIES,
  HELP_CATEGORY_LABELS,
  HELP_MESSAGE_MAX,
  HELP_SUBJECT_MAX,
  type HelpCategory,
} from '@/contracts/help.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { FormField } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { currentUserQueryOptions } from '@/client/lib/current-user.ts';
import { useSubmitHelpRequest } from '../api/submit-help-request.ts';
import type { HelpDraft } from '../help-draft.ts';

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/40 focus-visible:outline-none md:text-sm';

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
  const queryClient = useQueryClient();
  const mutation = useSubmitHelpRequest();
  const { category, subject, message } = draft;
  const set = (changes: Partial<HelpDraft>) => onDraftChange({ ...draft, ...changes });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!category || !subject.trim() || !message.trim()) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    const user = queryClient.getQueryData(currentUserQueryOptions().queryKey) ?? null;
    mutation.mutate(
      { category: category as HelpCategory, subject, message, userEmail: getHelpUserEmail(user), userName: getHelpUserName(user) },
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

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Help request">
      <FormField id="help-category" label="Category" required>
        <select
          id="help-category"
          aria-required="true"
          className={selectClass}
          value={category}
          onChange={(event) => set({ category: event.target.value })}
        >
          <option value="">Select a category</option>
          {HELP_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {HELP_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="help-subject" label="Subject" required>
        <Input
          id="help-subject"
          aria-required="true"
          maxLength={HELP_SUBJECT_MAX}
          value={subject}
          onChange={(event) => set({ subject: event.target.value })}
        />
      </FormField>
      <FormField id="help-message" label="Message" required>
        <Textarea
          id="help-message"
          aria-required="true"
          rows={5}
          maxLength={HELP_MESSAGE_MAX}
          value={message}
          onChange={(event) => set({ message: event.target.value })}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Request'}
        </Button>
      </DialogFooter>
    </form>
  );
}
