import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, PasswordResetRequestSchema, type PasswordResetRequest } from '@/contracts/auth.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { DialogSuccess } from '@/client/components/ui/dialog-success.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { useDialogOpen } from '@/client/hooks/use-dialog-open.ts';
import { toast } from '@/client/hooks/use-toast.ts';
import { ApiError, getErrorMessage } from '@/client/lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export interface ForgotPasswordDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Optional trigger when the dialog manages its own open state. */
  children?: ReactNode;
}

/** 'Forgot Password' (spec sections 2, 4, 5 and 8): form, then sent; the answer never reveals whether the account exists. */
export function ForgotPasswordDialog({ open, onOpenChange, children }: ForgotPasswordDialogProps) {
  const [sent, setSent] = useState(false);
  const resetRequest = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const { isOpen, setOpen } = useDialogOpen({
    open,
    onOpenChange,
    onClose: () => {
      form.reset({ email: '' });
      setSent(false);
      resetRequest.reset();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    resetRequest.mutate(values, {
      onSuccess: (data) => {
        if (data.success === false) {
          toast({ title: 'Error', description: data.error || 'Failed to send reset link. Please try again.', variant: 'destructive' });
          return;
        }
        toast({ title: 'Check your email', description: AUTH_MESSAGES.resetSuccess });
        setSent(true);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? getErrorMessage(error) : 'Failed to send reset link. Please try again.';
        toast({ title: 'Error', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <TitledDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={children}
      title="Forgot Password"
      description={
        sent
          ? 'Check your inbox for the reset link.'
          : "Enter your account's email address and we will send you a link to set a new password."
      }
    >
      {sent ? (
        <DialogSuccess
          icon={<MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
          footnote={<p className="text-sm text-slate-600">The link is valid for one hour and works once.</p>}
          onClose={() => setOpen(false)}
        >
          <p className="text-sm">{AUTH_MESSAGES.resetSuccess}</p>
        </DialogSuccess>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request a password reset">
          <FormField id="forgot-email" label="Email" error={errors.email?.message} required>
            <Input {...fieldAria('forgot-email', errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <DialogFormFooter
            onCancel={() => setOpen(false)}
            isPending={resetRequest.isPending}
            submitLabel="Send Reset Link"
            pendingLabel="Sending..."
          />
        </form>
      )}
    </TitledDialog>
  );
}
