import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, PasswordResetRequestSchema, type PasswordResetRequest } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/client/components/ui/dialog.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
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
  const [innerOpen, setInnerOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const resetRequest = useRequestPasswordReset();
  const form = useForm<PasswordResetRequest>({ resolver: zodResolver(PasswordResetRequestSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const isOpen = open ?? innerOpen;

  const setOpen = (next: boolean) => {
    if (!next) {
      form.reset({ email: '' });
      setSent(false);
      resetRequest.reset();
    }
    setInnerOpen(next);
    onOpenChange?.(next);
  };

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
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {children ? <DialogTrigger asChild>{children}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Forgot Password</DialogTitle>
          <DialogDescription>{sent ? 'Check your inbox for the reset link.' : "Enter your account's email address and we will send you a link to set a new password."}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <div className="grid gap-4" role="status">
            <div className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
              <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p className="text-sm">{AUTH_MESSAGES.resetSuccess}</p>
            </div>
            <p className="text-sm text-slate-600">The link is valid for one hour and works once.</p>
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                Close
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request a password reset">
            <FormField id="forgot-email" label="Email" error={errors.email?.message} required>
              <Input {...fieldAria('forgot-email', errors.email?.message)} type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={resetRequest.isPending}>
                {resetRequest.isPending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
