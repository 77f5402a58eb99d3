import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { SSO_CONNECTION_NAME_MAX_LENGTH, SsoDefaultRoleSchema, type SsoConnection, type SsoConnectionUpdate, type SsoDefaultRole } from '@/contracts/sso.ts';
import { FormError } from '@/client/components/ui/form-error.tsx';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input, Textarea } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useCreateSsoConnection, useUpdateSsoConnection } from '../api/save-sso-connection.ts';
import {
  EMPTY_CONNECTION_FORM,
  EditConnectionFormSchema,
  NewConnectionFormSchema,
  connectionFormValues,
  toConnectionUpdate,
  type ConnectionFormOutput,
  type ConnectionFormValues,
} from '../lib/connection-form.ts';

const SELECT_CLASS =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';
const ROLE_CHOICES = { member: 'Member (creates and edits)', viewer: 'Viewer (read only)' } satisfies Record<SsoDefaultRole, string>;

/** The fields of a connection; `editing` turns the secret into "blank keeps the stored one". */
function ConnectionFields({ form, editing }: { form: UseFormReturn<ConnectionFormValues, unknown, ConnectionFormOutput>; editing: boolean }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField id="sso-name" label="Name" required error={errors.name?.message} hint="How your people recognise it, e.g. Contoso Entra ID.">
        <Input maxLength={SSO_CONNECTION_NAME_MAX_LENGTH} {...fieldAria('sso-name', errors.name?.message, true)} {...form.register('name')} />
      </FormField>
      <FormField id="sso-issuer" label="Issuer URL" required error={errors.issuer?.message} hint="The provider's OpenID Connect issuer; CIFER reads its discovery document.">
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://login.microsoftonline.com/<tenant-id>/v2.0" {...fieldAria('sso-issuer', errors.issuer?.message, true)} {...form.register('issuer')} />
      </FormField>
      <FormField id="sso-client-id" label="Client ID" required error={errors.clientId?.message}>
        <Input autoComplete="off" {...fieldAria('sso-client-id', errors.clientId?.message)} {...form.register('clientId')} />
      </FormField>
      <FormField
        id="sso-client-secret"
        label="Client secret"
        required={!editing}
        error={errors.clientSecret?.message}
        hint={editing ? 'Stored encrypted and never shown again. Leave blank to keep the current secret; type a new one to replace it.' : 'Stored encrypted and never shown again.'}
      >
        <Input type="password" autoComplete="new-password" {...fieldAria('sso-client-secret', errors.clientSecret?.message, true)} {...form.register('clientSecret')} />
      </FormField>
      <FormField
        id="sso-domains"
        label="E-mail domains"
        required
        error={errors.domains?.message}
        hint="One per line, e.g. example.com. People with an address there sign in through this provider once the domain is verified."
      >
        <Textarea rows={3} className="min-h-20" autoComplete="off" spellCheck={false} {...fieldAria('sso-domains', errors.domains?.message, true)} {...form.register('domains')} />
      </FormField>
      <FormField id="sso-default-role" label="Role of people who join by SSO" error={errors.defaultRole?.message}>
        <select className={SELECT_CLASS} {...fieldAria('sso-default-role', errors.defaultRole?.message)} {...form.register('defaultRole')}>
          {SsoDefaultRoleSchema.options.map((role) => (
            <option key={role} value={role}>
              {ROLE_CHOICES[role]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="flex items-start gap-2">
        <input id="sso-required" type="checkbox" className="mt-1 size-4 accent-blue-700" aria-describedby="sso-required-hint" {...form.register('required')} />
        <div className="grid gap-0.5">
          <label htmlFor="sso-required" className="text-sm font-medium text-slate-900">
            Require SSO for these domains
          </label>
          <p id="sso-required-hint" className="text-xs text-slate-600">
            Once a domain is verified, its people can no longer log in or reset a password with CIFER; they choose "Sign in with SSO". Turn it on once a test sign-in has worked.
          </p>
        </div>
      </div>
    </>
  );
}

/**
 * Add (no `connection`) or edit an SSO connection, in a dialog. A new client secret asks for a
 * fresh code (ADR 290): the form steps aside for the code dialog, keeping its answers, and they are
 * sent again once verified.
 */
export function ConnectionDialog({
  organizationId,
  connection,
  open,
  onOpenChange,
  StepUpDialog,
}: {
  organizationId: string;
  connection?: SsoConnection;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  StepUpDialog: StepUpDialogComponent;
}) {
  const [awaitingCode, setAwaitingCode] = useState<SsoConnectionUpdate | null>(null);
  const editing = connection !== undefined;
  const create = useCreateSsoConnection(organizationId);
  const update = useUpdateSsoConnection(organizationId, connection?.id ?? '');
  const form = useForm<ConnectionFormValues, unknown, ConnectionFormOutput>({
    resolver: zodResolver(editing ? EditConnectionFormSchema : NewConnectionFormSchema),
    defaultValues: connection ? connectionFormValues(connection) : EMPTY_CONNECTION_FORM,
  });
  const saving = editing ? update : create;
  const serverError = saving.isError ? getErrorMessage(saving.error) : null;

  /** Closes with the form as `current` stands: after a save that is the saved connection, not the `connection` of this render, which a second edit would otherwise send back. */
  const closeAt = (current: SsoConnection | undefined) => {
    form.reset(current ? connectionFormValues(current) : EMPTY_CONNECTION_FORM);
    saving.reset();
    onOpenChange(false);
  };
  const close = () => closeAt(connection);
  const onSaved = (saved: SsoConnection) => {
    toast({ title: editing ? `${saved.name} saved` : `${saved.name} added`, description: editing ? undefined : 'Verify each domain before people can sign in with it.' });
    closeAt(editing ? saved : undefined);
  };
  const sendUpdate = (changes: SsoConnectionUpdate) =>
    update.mutate(changes, {
      onSuccess: (saved) => {
        setAwaitingCode(null);
        onSaved(saved);
      },
      onError: (error) => {
        const stepUp = isStepUpRefusal(error);
        setAwaitingCode(stepUp ? changes : null);
        // The form steps aside for the code dialog, and comes back with the answers and the reason of a refusal.
        onOpenChange(!stepUp);
      },
    });
  const submit = form.handleSubmit((values) => {
    if (editing) sendUpdate(toConnectionUpdate(values));
    else create.mutate(values, { onSuccess: onSaved });
  });

  return (
    <>
    <TitledDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={editing ? `Edit ${connection.name}` : 'Add an SSO connection'}
      description="The settings of the app you registered with your identity provider."
      className="max-w-xl"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={editing ? 'Edit SSO connection' : 'Add SSO connection'}>
        <ConnectionFields form={form} editing={editing} />
        <FormError message={serverError} />
        <DialogFormFooter onCancel={close} isPending={saving.isPending} submitLabel={editing ? 'Save changes' : 'Add connection'} pendingLabel={editing ? 'Saving…' : 'Checking the provider…'} />
      </form>
    </TitledDialog>
      <StepUpDialog
        open={awaitingCode !== null}
        onClose={() => {
          setAwaitingCode(null);
          close();
        }}
        onVerified={() => awaitingCode && sendUpdate(awaitingCode)}
      />
    </>
  );
}
