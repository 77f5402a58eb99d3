import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { Input } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { BackupCodeSchema, TotpCodeSchema } from '@/contracts/mfa.ts';
import { sanitizeBackupCodeInput, sanitizeTotpInput } from '../lib/mfa-input.ts';

/** Spec section 5: a TOTP code is 6 digits; a backup code 8 characters A-Z and 0-9, sent upper-cased. */
type CodeKind = 'totp' | 'backup';

const CODE_FORM_SCHEMAS = {
  totp: z.object({ code: TotpCodeSchema }),
  backup: z.object({ code: BackupCodeSchema }),
} as const;

interface CodeFormValues {
  code: string;
}

/**
 * A one-field form for a code: react-hook-form + the contract's zod schema, validated on every
 * change so the submit button can be enabled at exactly 6 (or 8) characters, as the spec asks.
 */
export function useCodeForm(kind: CodeKind) {
  const form = useForm<CodeFormValues>({ resolver: zodResolver(CODE_FORM_SCHEMAS[kind]), defaultValues: { code: '' }, mode: 'onChange' });
  return { form, isComplete: form.formState.isValid };
}

const KIND_PROPS = {
  totp: { sanitize: sanitizeTotpInput, inputMode: 'numeric', autoComplete: 'one-time-code', placeholder: '000000', className: 'tracking-[0.5em]' },
  backup: { sanitize: sanitizeBackupCodeInput, inputMode: 'text', autoComplete: 'off', placeholder: 'XXXXXXXX', className: 'tracking-[0.3em] uppercase' },
} as const;

/** The code input: strips what the kind does not allow as the user types or pastes. */
export function CodeField({
  kind,
  control,
  label,
  hint,
  autoFocus = false,
}: {
  kind: CodeKind;
  control: Control<CodeFormValues>;
  label: string;
  hint?: React.ReactNode;
  autoFocus?: boolean;
}) {
  const id = useId();
  const props = KIND_PROPS[kind];
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <Input
            id={id}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(props.sanitize(event.target.value))}
            inputMode={props.inputMode}
            autoComplete={props.autoComplete}
            autoCapitalize={kind === 'backup' ? 'characters' : undefined}
            spellCheck={false}
            pattern={kind === 'totp' ? '[0-9]*' : undefined}
            placeholder={props.placeholder}
            className={`text-center font-mono text-2xl ${props.className}`}
            aria-describedby={hint ? `${id}-hint` : undefined}
            autoFocus={autoFocus}
          />
        )}
      />
      {hint ? (
        <p id={`${id}-hint`} className="flex items-center gap-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
