import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { AccessRequestInputSchema, type AccessRequestInput } from '@/contracts/auth.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { DialogSuccess } from '@/client/components/ui/dialog-success.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { useDialogOpen } from '@/client/hooks/use-dialog-open.ts';
import { toast } from '@/client/hooks/use-toast.ts';
import { ApiError, getErrorMessage } from '@/client/lib/api-client.ts';
import { useRequestAccess } from '../api/register.ts';
import { NameFields, NewPasswordFields } from './account-fields.tsx';

const EMPTY: AccessRequestInput = {
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  phone: '',
  message: '',
  password: '',
  confirmPassword: '',
};

export interface RequestAccessDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional trigger (e.g. a Button) when the dialog manages its own open state. */
  children?: ReactNode;
}

/** What an access request asks: who, how to reach them, why, and the password of the account to be. */
function AccessRequestFields({ form }: { form: UseFormReturn<AccessRequestInput> }) {
  const { errors } = form.formState;
  const field = (name: keyof AccessRequestInput) => ({ error: errors[name]?.message, registration: form.register(name) });
  return (
    <>
      <NameFields idPrefix="access" field={field} />
      <FormField id="access-email" label="Email" error={errors.email?.message} required>
        <Input {...fieldAria('access-email', errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="access-company" label="Company" error={errors.company?.message}>
          <Input {...fieldAria('access-company', errors.company?.message)} autoComplete="organization" {...form.register('company')} />
        </FormField>
        <FormField id="access-phone" label="Phone" error={errors.phone?.message}>
          <Input {...fieldAria('access-phone', errors.phone?.message)} type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
      </div>
      <FormField id="access-message" label="Message" error={errors.message?.message}>
        <Textarea
          {...fieldAria('access-message', errors.message?.message)}
          rows={3}
          placeholder="Tell us about your role and why you need access"
          {...form.register('message')}
        />
      </FormField>
      <NewPasswordFields idPrefix="access" hint="At least 14 characters." field={field} />
    </>
  );
}

/**
 * 'Request Account Access' (spec sections 2-5 and 8): form, then a success panel; closing resets
 * it. Controlled with `open`/`onOpenChange`, or uncontrolled with a trigger as children.
 */
export function RequestAccessDialog({ open, onOpenChange, children }: RequestAccessDialogProps) {
  const [submitted, setSubmitted] = useState<string | null>(null);
  const requestAccess = useRequestAccess();
  const form = useForm<AccessRequestInput>({ resolver: zodResolver(AccessRequestInputSchema), defaultValues: EMPTY });
  const { isOpen, setOpen } = useDialogOpen({
    open,
    onOpenChange,
    onClose: () => {
      form.reset(EMPTY);
      setSubmitted(null);
      requestAccess.reset();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    requestAccess.mutate(values, {
      onSuccess: (data) => {
        toast({ title: 'Registration Submitted', description: data.message });
        setSubmitted(data.message);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? getErrorMessage(error) : 'Failed to submit registration request. Please try again.';
        toast({ title: 'Registration Failed', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <TitledDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={children}
      className="sm:max-w-xl"
      title="Request Account Access"
      description={
        submitted
          ? 'Your request is on its way to our administrators.'
          : 'Partners and cybersecurity professionals can request an account. An administrator reviews every request.'
      }
    >
      {submitted ? (
        <DialogSuccess icon={<CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />} onClose={() => setOpen(false)}>
          <div>
            <p className="font-semibold">Request Submitted</p>
            <p className="text-sm">{submitted}</p>
          </div>
        </DialogSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request account access">
          <AccessRequestFields form={form} />
          <DialogFormFooter
            onCancel={() => setOpen(false)}
            isPending={requestAccess.isPending}
            submitLabel="Submit Request"
            pendingLabel="Submitting..."
          />
        </form>
      )}
    </TitledDialog>
  );
}
