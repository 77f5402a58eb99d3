import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { SignUpFormSchema, type SignUpForm as SignUpFormValues } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useSignUp } from '../api/register.ts';
import { NameFields, NewPasswordFields } from './account-fields.tsx';

/** Spec sections 4, 5 and 8: sign up, then /subscribe when payment is required, else `/` signed in. */
export function SignUpForm({ onSignedUp }: { onSignedUp?: () => void } = {}) {
  const [, navigate] = useLocation();
  const signUp = useSignUp();
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(SignUpFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', company: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const field = (name: keyof SignUpFormValues) => ({ error: errors[name]?.message, registration: form.register(name) });

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) => {
    signUp.mutate(values, {
      onSuccess: (data) => (onSignedUp ? onSignedUp() : navigate(data.requiresPayment ? '/subscribe' : '/')),
      onError: (error) => toast({ title: 'Registration Failed', description: getErrorMessage(error), variant: 'destructive' }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <NameFields idPrefix="signup" field={field} />
      <FormField id="signup-email" label="Email" error={errors.email?.message} required>
        <Input {...fieldAria('signup-email', errors.email?.message)} type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      <FormField id="signup-company" label="Company" error={errors.company?.message} required>
        <Input {...fieldAria('signup-company', errors.company?.message)} autoComplete="organization" {...form.register('company')} />
      </FormField>
      <NewPasswordFields idPrefix="signup" hint="At least 14 characters, with uppercase and lowercase letters and numbers." field={field} />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
