import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SsoStartInputSchema, type SsoStartInput } from '@/contracts/sso.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useStartSso } from '../api/start-sso.ts';
import { sendBrowserTo } from '../lib/redirect.ts';

/** The e-mail step: CIFER finds the organisation's provider from the domain, then the browser goes there. */
function SsoEmailStep({ email, onCancel }: { email: string; onCancel: () => void }) {
  const start = useStartSso();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<SsoStartInput>({ resolver: zodResolver(SsoStartInputSchema), defaultValues: { email } });
  const emailInput = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...emailField } = form.register('email');
  useEffect(() => emailInput.current?.focus(), []);

  const error = form.formState.errors.email?.message ?? (start.isError ? getErrorMessage(start.error) : undefined);
  const submit = form.handleSubmit((input) =>
    start.mutate(input, {
      onSuccess: ({ redirectUrl }) => {
        // The button stays busy while the provider's page loads.
        setLeaving(true);
        sendBrowserTo(redirectUrl);
      },
    }),
  );
  const busy = start.isPending || leaving;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4" aria-labelledby="sso-step-title">
      <h2 id="sso-step-title" className="text-sm font-semibold text-slate-900">
        Sign in with SSO
      </h2>
      <FormField id="sso-email" label="Work e-mail" required error={error} hint="Your organisation's sign-in page opens next; you come back here signed in.">
        <Input
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          {...fieldAria('sso-email', error, true)}
          {...emailField}
          ref={(element) => {
            registerRef(element);
            emailInput.current = element;
          }}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Opening your sign-in page…' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Sign in with SSO" on /auth: the button, or the e-mail step once opened. The page opens it too
 * (after a refusal that names SSO, or "Try SSO again"), with the e-mail it knows.
 */
export function SsoSignIn({ openWithEmail, onOpen, onClose }: { openWithEmail: string | null; onOpen: () => void; onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(openWithEmail !== null);
  // Cancel puts the focus back where the step was opened from, not on the page's start.
  useEffect(() => {
    if (wasOpen.current && openWithEmail === null) button.current?.focus();
    wasOpen.current = openWithEmail !== null;
  }, [openWithEmail]);
  if (openWithEmail === null) {
    return (
      <Button ref={button} type="button" variant="outline" className="w-full" onClick={onOpen}>
        <Building2 aria-hidden="true" />
        Sign in with SSO
      </Button>
    );
  }
  return <SsoEmailStep key={openWithEmail} email={openWithEmail} onCancel={onClose} />;
}
