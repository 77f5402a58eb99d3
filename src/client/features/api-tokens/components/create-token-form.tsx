import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_NAME_MAX_LENGTH, API_TOKEN_SCOPES, CreateApiTokenInputSchema } from '@/contracts/api-tokens.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import type { TokenFormValues } from '../api/create-api-token.ts';
import { EXPIRY_CHOICES, SCOPE_HINT, SCOPE_LABEL } from '../lib/token-labels.ts';

type TokenFormInput = z.input<typeof CreateApiTokenInputSchema>;

const SELECT_CLASS =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';

/** The new token's name, what it may do and how long it lasts, checked by the contract's rules. */
export function CreateTokenForm({
  isPending,
  onSubmit,
  onCancel,
  children,
}: {
  isPending: boolean;
  onSubmit: (values: TokenFormValues) => void;
  onCancel: () => void;
  /** Shown above the buttons (the outcome of the last attempt). */
  children?: ReactNode;
}) {
  const form = useForm<TokenFormInput, unknown, TokenFormValues>({
    resolver: zodResolver(CreateApiTokenInputSchema),
    defaultValues: { name: '', scopes: ['read'], expiresInDays: API_TOKEN_DEFAULT_DAYS },
  });
  const nameError = form.formState.errors.name?.message;
  const scopesError = form.formState.errors.scopes?.message;
  /** Write includes read (ADR 228): ticking Write ticks Read too, and Read stays ticked while Write is (the contract refuses Write alone). */
  const tickReadWithWrite = () => {
    const scopes = form.getValues('scopes');
    if (scopes.includes('write') && !scopes.includes('read')) form.setValue('scopes', ['read', ...scopes]);
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <FormField id="token-name" label="Name" required error={nameError} hint="What uses it, e.g. “Power BI dashboard” or “Claude Desktop”.">
        <Input {...fieldAria('token-name', nameError, true)} autoComplete="off" maxLength={API_TOKEN_NAME_MAX_LENGTH} {...form.register('name')} />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={scopesError ? 'token-scopes-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">What it may do</legend>
        {API_TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" value={scope} className="mt-0.5 size-4 shrink-0 accent-blue-700" {...form.register('scopes', { onChange: tickReadWithWrite })} />
            <span>
              <span className="font-medium">{SCOPE_LABEL[scope]}</span>
              <span className="block text-slate-600">{SCOPE_HINT[scope]}</span>
            </span>
          </label>
        ))}
        {scopesError ? (
          <p id="token-scopes-error" role="alert" className="text-sm font-medium text-red-700">
            {scopesError}
          </p>
        ) : null}
      </fieldset>
      <FormField id="token-expiry" label="Expires after">
        <select id="token-expiry" className={SELECT_CLASS} {...form.register('expiresInDays', { valueAsNumber: true })}>
          {EXPIRY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
      </FormField>
      {children}
      <DialogFormFooter onCancel={onCancel} isPending={isPending} submitLabel="Create token" pendingLabel="Creating…" />
    </form>
  );
}
