import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, RefreshCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CreateScimTokenInputSchema, MAX_ACTIVE_SCIM_TOKENS, SCIM_MESSAGES, SCIM_TOKEN_NAME_MAX_LENGTH, type CreatedScimToken, type CreateScimTokenInput, type ScimToken } from '@/contracts/scim.ts';
import { Alert, AlertDescription, FailureAlert } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { DialogFormFooter } from '@/client/components/ui/dialog-form-footer.tsx';
import { FormField, fieldAria } from '@/client/components/ui/form-field.tsx';
import { Input } from '@/client/components/ui/input.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useCreateScimToken, useRevokeScimToken, useScimSettings } from '../api/scim-tokens.ts';
import { CopyableValue } from './copyable-value.tsx';

/**
 * "Automatic provisioning (SCIM)" of an organisation with single sign-on (ADR 296): the base URL
 * and the token to give the identity provider. A token is created with a fresh code, shown once,
 * and revoked here; two may be active at once, so a new one can be put in place before the old goes.
 */

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function ScimTokenItem({ token, onRevoke }: { token: ScimToken; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3" aria-label={token.name} data-testid="scim-token-item">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words text-slate-900">{token.name}</span>
        <Badge variant={token.revokedAt ? 'secondary' : 'success'}>{token.revokedAt ? 'Revoked' : 'Active'}</Badge>
      </div>
      <p className="text-sm break-words text-slate-600">
        <code className="font-mono break-all text-slate-800">{token.prefix}…</code>
        {token.createdByEmail ? ` · created by ${token.createdByEmail}` : ''} · {formatDate(token.createdAt)} · {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : 'never used'}
      </p>
      {token.revokedAt ? null : (
        <Button type="button" variant="outline" size="sm" className="self-start" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
          <Trash2 aria-hidden="true" /> Revoke
        </Button>
      )}
    </li>
  );
}

function CreateScimTokenForm({ isPending, failure, onSubmit, onCancel }: { isPending: boolean; failure: string | null; onSubmit: (values: CreateScimTokenInput) => void; onCancel: () => void }) {
  const form = useForm<CreateScimTokenInput>({ resolver: zodResolver(CreateScimTokenInputSchema), defaultValues: { name: '' } });
  const nameError = form.formState.errors.name?.message;
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <FormField id="scim-token-name" label="Name" required error={nameError} hint="Which identity provider uses it, e.g. “Entra ID provisioning”.">
        <Input {...fieldAria('scim-token-name', nameError, true)} autoComplete="off" maxLength={SCIM_TOKEN_NAME_MAX_LENGTH} {...form.register('name')} />
      </FormField>
      <FailureAlert message={failure} />
      <DialogFormFooter onCancel={onCancel} isPending={isPending} submitLabel="Create SCIM token" pendingLabel="Creating…" />
    </form>
  );
}

/** The form, then a fresh code when the server asks for one (the answers kept and sent again), then the secret once. */
function useScimTokenCreation(organizationId: string) {
  const create = useCreateScimToken(organizationId);
  const [formOpen, setFormOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<CreateScimTokenInput | null>(null);
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const submit = (values: CreateScimTokenInput) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (answer) => {
        setFormOpen(false);
        setPending(null);
        setCreated(answer);
      },
      onError: (error) => {
        setFormOpen(!isStepUpRefusal(error));
        setPending(isStepUpRefusal(error) ? values : null);
        if (!isStepUpRefusal(error)) setFailure(getErrorMessage(error));
      },
    });
  };
  return { create, formOpen, setFormOpen, failure, pending, setPending, created, setCreated, submit };
}

function SecretOnce({ created, onDone }: { created: CreatedScimToken; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <AlertDescription>Copy it into your identity provider now (Entra ID: Secret Token; Okta: API Token). It is shown this once; CIFER keeps only a fingerprint of it.</AlertDescription>
      </Alert>
      <div data-testid="scim-token-secret">
        <CopyableValue label="SCIM token" value={created.secret} />
      </div>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          I have copied it
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Asks before revoking a token; the answer is told in a toast. */
function RevokeScimTokenDialog({ organizationId, revoking, onClose }: { organizationId: string; revoking: ScimToken | null; onClose: () => void }) {
  const revoke = useRevokeScimToken(organizationId);
  const confirmRevoke = () =>
    revoking &&
    revoke.mutate(revoking.id, {
      onSuccess: (answer) => toast({ title: 'SCIM token revoked', description: answer.message }),
      onError: (error) => toast({ title: 'Not revoked', description: getErrorMessage(error), variant: 'destructive' }),
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      open={revoking !== null}
      title={revoking ? `Revoke “${revoking.name}”?` : 'Revoke SCIM token'}
      description="Your identity provider's requests with it are refused from now on; provisioning stops until it has a new token."
      confirmLabel="Revoke token"
      pendingLabel="Revoking…"
      isPending={revoke.isPending}
      onCancel={onClose}
      onConfirm={() => void confirmRevoke()}
    />
  );
}

export function ScimSection({ organizationId, organizationName, StepUpDialog }: { organizationId: string; organizationName: string; StepUpDialog: StepUpDialogComponent }) {
  const settings = useScimSettings(organizationId);
  const creation = useScimTokenCreation(organizationId);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const headingId = `scim-heading-${organizationId}`;
  const data = settings.data;
  const active = data?.tokens.filter((token) => !token.revokedAt).length ?? 0;
  const available = (data?.verifiedDomains.length ?? 0) > 0;

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="scim-section">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <RefreshCcw className="size-5 text-blue-700" aria-hidden="true" />
          Automatic provisioning (SCIM)
        </CardTitle>
        <CardDescription>
          Let your identity provider (Microsoft Entra ID, Okta) add, update and remove the people of {organizationName}. Deactivating someone there ends their CIFER sessions, API tokens and connected assistants at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isLoading ? <p role="status">Loading SCIM settings…</p> : null}
        {settings.error ? (
          <Alert variant="destructive">
            <AlertDescription>{getErrorMessage(settings.error)}</AlertDescription>
          </Alert>
        ) : null}
        {data ? (
          <>
            {available ? (
              <p className="text-sm text-slate-700">It provisions addresses of your verified domains: {data.verifiedDomains.join(', ')}.</p>
            ) : (
              <Alert variant="warning">
                <AlertDescription>{SCIM_MESSAGES.needsVerifiedDomain}</AlertDescription>
              </Alert>
            )}
            <CopyableValue label="SCIM base URL (tenant URL)" value={data.baseUrl} />
            {data.tokens.length === 0 ? (
              <p className="text-sm text-slate-600">No SCIM token yet.</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label="SCIM tokens">
                {data.tokens.map((token) => (
                  <ScimTokenItem key={token.id} token={token} onRevoke={() => setRevoking(token)} />
                ))}
              </ul>
            )}
            <div className="grid gap-2">
              <div>
                <Button type="button" variant="outline" onClick={() => creation.setFormOpen(true)} disabled={!available || active >= MAX_ACTIVE_SCIM_TOKENS}>
                  <Plus aria-hidden="true" />
                  Create a SCIM token
                </Button>
              </div>
              {active >= MAX_ACTIVE_SCIM_TOKENS ? <p className="text-sm text-slate-600">{SCIM_MESSAGES.tooMany}</p> : null}
            </div>
          </>
        ) : null}
      </CardContent>
      <TitledDialog open={creation.formOpen} onOpenChange={creation.setFormOpen} title="Create a SCIM token" description={`For the identity provider that provisions ${organizationName}.`}>
        <CreateScimTokenForm isPending={creation.create.isPending} failure={creation.failure} onSubmit={creation.submit} onCancel={() => creation.setFormOpen(false)} />
      </TitledDialog>
      <StepUpDialog open={creation.pending !== null} onClose={() => creation.setPending(null)} onVerified={() => creation.pending && creation.submit(creation.pending)} />
      <TitledDialog
        open={creation.created !== null}
        onOpenChange={(isOpen) => !isOpen && creation.setCreated(null)}
        title={creation.created ? `SCIM token “${creation.created.token.name}” created` : 'SCIM token created'}
        description="Paste it with the base URL into your identity provider's provisioning settings."
      >
        {creation.created ? <SecretOnce created={creation.created} onDone={() => creation.setCreated(null)} /> : null}
      </TitledDialog>
      <RevokeScimTokenDialog organizationId={organizationId} revoking={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
