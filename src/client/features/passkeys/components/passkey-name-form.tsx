import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, PasskeyNameSchema } from '@/contracts/passkeys.ts';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';

const PasskeyNameFormSchema = z.object({ name: PasskeyNameSchema });
type PasskeyNameFormValues = z.infer<typeof PasskeyNameFormSchema>;

const FIELD_ID = 'passkey-name';

/** The one field of adding and renaming a passkey: its name, checked by the contract's rule. */
export function PasskeyNameForm({
  defaultName,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  onCancel,
  children,
}: {
  defaultName: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
  /** Shown between the field and the buttons (the outcome of the last attempt). */
  children?: ReactNode;
}) {
  const form = useForm<PasskeyNameFormValues>({ resolver: zodResolver(PasskeyNameFormSchema), defaultValues: { name: defaultName } });
  const error = form.formState.errors.name?.message;
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(({ name }) => onSubmit(name))}>
      <FormField id={FIELD_ID} label="Name" error={error} hint="Something that tells you where it lives, e.g. “Work laptop” or “YubiKey”.">
        <Input {...fieldAria(FIELD_ID, error, true)} autoComplete="off" maxLength={PASSKEY_NAME_MAX_LENGTH} {...form.register('name')} />
      </FormField>
      {children}
      <DialogFormFooter onCancel={onCancel} isPending={isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
