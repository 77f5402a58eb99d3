import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { PasswordInput } from './password-input.tsx';

/** One form field as the caller's form gives it: its error and its registration. */
interface FieldBinding {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/** The caller's form's binding of a field by name (its error and registration). */
type FieldOf<Name extends string> = (name: Name) => FieldBinding;

/** First and last name side by side (sign-up and the access request). */
export function NameFields({ idPrefix, field }: { idPrefix: string; field: FieldOf<'firstName' | 'lastName'> }) {
  const [firstName, lastName] = [field('firstName'), field('lastName')];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idPrefix}-first-name`} label="First name" error={firstName.error} required>
        <Input {...fieldAria(`${idPrefix}-first-name`, firstName.error)} autoComplete="given-name" {...firstName.registration} />
      </FormField>
      <FormField id={`${idPrefix}-last-name`} label="Last name" error={lastName.error} required>
        <Input {...fieldAria(`${idPrefix}-last-name`, lastName.error)} autoComplete="family-name" {...lastName.registration} />
      </FormField>
    </div>
  );
}

/** A new password and its confirmation (the hint states the password rule). */
export function NewPasswordFields({ idPrefix, hint, field }: { idPrefix: string; hint: ReactNode; field: FieldOf<'password' | 'confirmPassword'> }) {
  const [password, confirmPassword] = [field('password'), field('confirmPassword')];
  return (
    <>
      <FormField id={`${idPrefix}-password`} label="Password" error={password.error} required hint={hint}>
        <PasswordInput {...fieldAria(`${idPrefix}-password`, password.error, true)} autoComplete="new-password" {...password.registration} />
      </FormField>
      <FormField id={`${idPrefix}-confirm-password`} label="Confirm password" error={confirmPassword.error} required>
        <PasswordInput {...fieldAria(`${idPrefix}-confirm-password`, confirmPassword.error)} autoComplete="new-password" {...confirmPassword.registration} />
      </FormField>
    </>
  );
}
