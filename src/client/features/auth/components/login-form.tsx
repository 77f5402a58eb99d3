import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { LoginInputSchema, type LoginInput } from '@/contracts/auth.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { SSO_REQUIRED_MESSAGE } from '@/contracts/sso.ts';
import { ApiError, getErrorMessage } from '@/client/lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { ForgotPasswordDialog } from './forgot-password-dialog.tsx';
import { PasswordInput } from './password-input.tsx';

function showPaymentRequired() {
  toast({ title: 'Payment Required', description: 'Please complete your subscription to access CIFER.', variant: 'destructive' });
}

/** Spec sections 4, 5 and 8: log in, then `/`, or /subscribe when payment is required. */
export function LoginForm({ onLoggedIn }: { onLoggedIn?: () => void } = {}) {
  const [, navigate] = useLocation();
  const [isForgotOpen, setForgotOpen] = useState(false);
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(LoginInputSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: (data) => {
        // A page that signs in on the way somewhere (e.g. claiming a subscription) continues itself.
        if (onLoggedIn) return onLoggedIn();
        if (data.requiresPayment) {
          showPaymentRequired();
          navigate('/subscribe');
          return;
        }
        navigate('/');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) {
          showPaymentRequired();
          navigate('/subscribe');
          return;
        }
        // The page shows its own notice with a way to sign in with SSO (ADR 227).
        if (getErrorMessage(error) === SSO_REQUIRED_MESSAGE) return;
        toast({ title: 'Login Failed', description: getErrorMessage(error), variant: 'destructive' });
      },
    });
  });

  return (
    <>
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Log in">
      <FormField id="login-email" label="Email" error={errors.email?.message} required>
        <Input {...fieldAria('login-email', errors.email?.message)} type="email" autoComplete="username" placeholder="you@company.com" {...form.register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message} required>
        <PasswordInput {...fieldAria('login-password', errors.password?.message)} autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setForgotOpen(true)}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Log In'}
      </Button>
    </form>
    {/* Outside the form: React events bubble through portals, so a nested form would submit this one. */}
    <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setForgotOpen} />
    </>
  );
}
