import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIFT_SSO_REASON_MAX_LENGTH, LiftSsoRequirementInputSchema, type LiftSsoRequirementInput } from '@/contracts/admin.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Textarea } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useLiftSsoRequirement } from '../api/lift-sso-requirement.ts';

const REASON_ID = 'lift-sso-reason';

/**
 * Support's way back in for an organisation locked out of its own identity provider (ADR 227): a
 * super admin gives the reason, confirms, and, when the server asks for it, a fresh code of their
 * own; the reason is kept while the code dialog is open and sent again once verified.
 */
export function LiftSsoRequirement({ organizationId, organizationName, StepUpDialog }: { organizationId: string; organizationName: string; StepUpDialog: StepUpDialogComponent }) {
  const lift = useLiftSsoRequirement();
  const [open, setOpen] = useState(false);
  const [awaitingCodeFor, setAwaitingCodeFor] = useState<string | null>(null);
  const form = useForm<LiftSsoRequirementInput>({ resolver: zodResolver(LiftSsoRequirementInputSchema), defaultValues: { reason: '' } });

  // Awaited rather than given callbacks: a success refreshes the organisation, whose SSO is then no
  // longer required, so this component is gone before `mutate`'s own callbacks (and the toast) would run.
  const send = async (reason: string) => {
    try {
      const result = await lift.mutateAsync({ organizationId, reason });
      setOpen(false);
      setAwaitingCodeFor(null);
      form.reset();
      toast({ title: result.message });
    } catch (error) {
      setOpen(false);
      setAwaitingCodeFor(isStepUpRefusal(error) ? reason : null);
      if (!isStepUpRefusal(error)) toast({ title: 'SSO requirement not lifted', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  const submit = form.handleSubmit(({ reason }) => send(reason));
  const error = form.formState.errors.reason?.message;

  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-slate-800">Its verified domains must sign in with single sign-on. If its identity provider connection is broken, its owners cannot sign in to fix it.</p>
      <div>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          Lift SSO requirement
        </Button>
      </div>
      <TitledDialog
        open={open}
        onOpenChange={setOpen}
        title={`Lift the SSO requirement of ${organizationName}?`}
        description="Its people can sign in with their CIFER password and two-factor authentication again, as well as with single sign-on. Its owners are told by e-mail with your reason, and the change is audited. The owners turn the requirement back on in their single sign-on settings."
      >
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <FormField id={REASON_ID} label="Reason (sent to the owners)" required error={error} hint="For example: the client secret expired, support ticket 4711.">
            <Textarea maxLength={LIFT_SSO_REASON_MAX_LENGTH} {...fieldAria(REASON_ID, error, true)} {...form.register('reason')} />
          </FormField>
          <DialogFormFooter onCancel={() => setOpen(false)} isPending={lift.isPending} submitLabel="Lift requirement" pendingLabel="Lifting…" submitVariant="destructive" />
        </form>
      </TitledDialog>
      <StepUpDialog open={awaitingCodeFor !== null} onClose={() => setAwaitingCodeFor(null)} onVerified={() => awaitingCodeFor !== null && void send(awaitingCodeFor)} />
    </div>
  );
}
