import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { InviteColleagueBodySchema, type InviteColleagueBody } from '@/contracts/assessments.ts';
import { useInviteColleague } from '../api/invite-colleague.ts';

/**
 * "Hand this to your security lead": e-mails a colleague with an account in the same
 * organisation a link to this assessment, where they refine the unknown answers (ADR 111).
 */
export function HandOverPanel({ assessmentId, unknownCount, onRefine, isRefining }: { assessmentId: string; unknownCount: number; onRefine: () => void; isRefining: boolean }) {
  const invite = useInviteColleague();
  const form = useForm<InviteColleagueBody>({ resolver: zodResolver(InviteColleagueBodySchema), defaultValues: { email: '', message: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) =>
    invite.mutate(
      { id: assessmentId, body: { email: body.email, ...(body.message ? { message: body.message } : {}) } },
      {
        onSuccess: (sent) => {
          toast({ title: 'Invitation sent', description: `${sent.colleagueName} (${sent.sentTo}) has a link to this assessment.` });
          form.reset();
        },
      },
    ),
  );
  return (
    <section aria-labelledby="hand-over-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="hand-over">
      <h2 id="hand-over-title" className="text-lg font-semibold text-slate-900">
        Hand this to your security lead
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {unknownCount > 0 ? `Your security lead can answer the ${unknownCount} ${unknownCount === 1 ? 'question' : 'questions'} you did not know in detail and narrow the range. ` : 'Your security lead can check these answers in detail. '}
        They need a CIFER account in your organisation; every answer keeps who gave it.{' '}
        <Link href="/organizations" className="font-medium text-blue-800 underline">
          Invite someone into your organisation
        </Link>
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 grid gap-3 md:grid-cols-2">
        <FormField id="invite-email" label="Colleague's work e-mail" required error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...fieldAria('invite-email', errors.email?.message)} {...form.register('email')} />
        </FormField>
        <FormField id="invite-message" label="Message (optional)" error={errors.message?.message}>
          <Input maxLength={1000} {...fieldAria('invite-message', errors.message?.message)} {...form.register('message')} />
        </FormField>
        {invite.error ? (
          <Alert variant="destructive" className="md:col-span-2">
            <AlertDescription>{getErrorMessage(invite.error)}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send the invitation'}
          </Button>
          <Button type="button" variant="outline" onClick={onRefine} disabled={isRefining}>
            {isRefining ? 'Opening…' : 'Refine the answers myself'}
          </Button>
        </div>
      </form>
    </section>
  );
}
