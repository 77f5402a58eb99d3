import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ResetPasswordFormSchema, type ResetPasswordForm as ResetPasswordFormValues } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordInput } from './password-input.tsx';

/** Sets a new password with the e-mailed token; the same rules as sign-up. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormValues>({ resolver: zodResolver(ResetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    reset.mutate(
      { token, password },
      {
        onSuccess: (data) => onDone(data.message ?? 'Your password has been reset.'),
        onError: (error) => toast({ title: 'Error', description: getErrorMessage(error, 'Failed to reset the password. Please try again.'), variant: 'destructive' }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Set a new password">
      <FormField id="reset-password" label="New password" error={errors.password?.message} required hint="At least 14 characters, with uppercase and lowercase letters and numbers.">
        <PasswordInput {...fieldAria('reset-password', errors.password?.message, true)} autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message} required>
        <PasswordInput {...fieldAria('reset-confirm-password', errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
