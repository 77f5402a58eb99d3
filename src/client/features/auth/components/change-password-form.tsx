import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ChangePasswordFormSchema, type ChangePasswordForm as ChangePasswordFormValues } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordInput } from './password-input.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change your password with the current one; your other sessions are signed out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({ resolver: zodResolver(ChangePasswordFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (data) => {
          toast({ title: 'Password Changed', description: data.message });
          form.reset(EMPTY);
        },
        onError: (error) => toast({ title: 'Password Change Failed', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Change password">
      <FormField id="change-current-password" label="Current password" error={errors.currentPassword?.message} required>
        <PasswordInput {...fieldAria('change-current-password', errors.currentPassword?.message)} autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField id="change-new-password" label="New password" error={errors.newPassword?.message} required hint="At least 14 characters, with uppercase and lowercase letters and numbers.">
        <PasswordInput {...fieldAria('change-new-password', errors.newPassword?.message, true)} autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField id="change-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message} required>
        <PasswordInput {...fieldAria('change-confirm-password', errors.confirmPassword?.message)} autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  );
}
