import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@/contracts/webhooks.ts';
import { FormError } from '@/client/components/ui/form-error.tsx';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal } from '@/client/lib/step-up.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks-api.ts';
import { EMPTY_ENDPOINT_FORM, EndpointFormSchema, endpointFormValues, type EndpointFormValues } from '../lib/endpoint-form.ts';

/** Add (no `endpoint`; `onCreated` gets the secret to show once) or edit a webhook endpoint. */
export function EndpointDialog({
  organizationId,
  endpoint,
  open,
  onOpenChange,
  onCreated,
  onStepUp,
}: {
  organizationId: string;
  endpoint?: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (created: WebhookEndpointWithSecret) => void;
  /** The server wants a fresh code first (creation answers the signing secret): `again` sends the same answers once verified. */
  onStepUp?: (again: () => void) => void;
}) {
  const create = useCreateWebhook(organizationId);
  const update = useUpdateWebhook(organizationId);
  const saving = endpoint ? update : create;
  const initial = endpoint ? endpointFormValues(endpoint) : EMPTY_ENDPOINT_FORM;
  const form = useForm<EndpointFormValues>({ resolver: zodResolver(EndpointFormSchema), defaultValues: initial });
  const idPrefix = `webhook-${endpoint?.id ?? 'new'}`;

  const close = () => {
    form.reset(initial);
    create.reset();
    update.reset();
    onOpenChange(false);
  };
  const sendNew = (values: EndpointFormValues) =>
    create.mutate(values, {
      onSuccess: (created) => {
        close();
        onCreated?.(created);
      },
      onError: (error) => {
        const stepUp = isStepUpRefusal(error) && onStepUp !== undefined;
        // The form steps aside, its answers kept, for the code dialog; a refusal after the code brings it back with the reason.
        onOpenChange(!stepUp);
        if (stepUp) onStepUp(() => sendNew(values));
      },
    });
  const submit = form.handleSubmit((values) => {
    if (endpoint) update.mutate({ endpointId: endpoint.id, update: values }, { onSuccess: close });
    else sendNew(values);
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={endpoint ? 'Edit webhook' : 'Add a webhook'}
      description="CIFER sends a signed POST to this URL when one of the chosen events happens."
      className="max-w-xl"
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
        aria-label={endpoint ? 'Edit webhook' : 'Add webhook'}
      >
        <EndpointFields form={form} idPrefix={idPrefix} />
        <FormError message={saving.isError ? getErrorMessage(saving.error) : null} />
        <DialogFormFooter
          onCancel={close}
          isPending={saving.isPending}
          submitLabel={endpoint ? 'Save changes' : 'Add webhook'}
          pendingLabel="Saving…"
        />
      </form>
    </TitledDialog>
  );
}

/** The endpoint's URL, description and the events it receives. */
function EndpointFields({ form, idPrefix }: { form: UseFormReturn<EndpointFormValues>; idPrefix: string }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        id={`${idPrefix}-url`}
        label="Endpoint URL"
        required
        error={errors.url?.message}
        hint="An https:// address your system answers with a 2xx status within 10 seconds."
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          placeholder="https://example.com/cifer-events"
          {...fieldAria(`${idPrefix}-url`, errors.url?.message, true)}
          {...form.register('url')}
        />
      </FormField>
      <FormField id={`${idPrefix}-description`} label="Description" error={errors.description?.message}>
        <Input
          autoComplete="off"
          maxLength={200}
          {...fieldAria(`${idPrefix}-description`, errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${idPrefix}-events-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-900">
            <input type="checkbox" value={type} className="mt-0.5 size-4 accent-blue-700" {...form.register('events')} />
            <span>
              {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-slate-600">{type}</code>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p id={`${idPrefix}-events-error`} role="alert" className="text-sm font-medium text-red-700">
            {errors.events.message}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
