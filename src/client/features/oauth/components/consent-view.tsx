import { Bot, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  CONSENT_ERROR_MESSAGES,
  OAUTH_SCOPE_DESCRIPTIONS,
  type ConsentDecisionInput,
  type ConsentErrorCode,
  type ConsentRequest,
  type OAuthScope,
} from '@/contracts/oauth.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { FormField } from '@/client/components/ui/form-field.tsx';
import { ApiError, getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useConsentRequest, useDecideConsent } from '../api/consent.ts';

/**
 * The consent page (ADR 294): an AI assistant asks to use CIFER as the signed-in person. It names
 * the assistant and where the answer goes (its redirect host, so a look-alike name is told apart),
 * lets the person choose the organisation (theirs, with their role there) and whether it may write
 * as well as read, and warns that the figures go to the assistant's provider. Allowing asks for a
 * fresh code when the last one is older than the step-up window, as creating an API token does.
 */

const SELECT_CLASS =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none';
const SCOPE_LABEL: Record<OAuthScope, string> = { read: 'Read', write: 'Write' };

function isConsentErrorCode(value: string | null): value is ConsentErrorCode {
  return value !== null && value in CONSENT_ERROR_MESSAGES;
}

/** A request that cannot be answered (unknown assistant, unregistered address, expired). */
export function ConsentError({ code }: { code: string | null }) {
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle>The assistant could not be connected</CardTitle>
      </CardHeader>
      <CardContent>
        <Alert variant="destructive">
          <AlertDescription>
            {isConsentErrorCode(code) ? CONSENT_ERROR_MESSAGES[code] : CONSENT_ERROR_MESSAGES.invalid_request}
          </AlertDescription>
        </Alert>
      </CardContent>
    </Card>
  );
}

function ScopeChoice({
  scope,
  checked,
  disabled,
  note,
  onChange,
}: {
  scope: OAuthScope;
  checked: boolean;
  disabled: boolean;
  note?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-3 rounded-md border border-slate-200 p-3 text-sm text-slate-900">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-blue-700"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className="grid gap-0.5">
        <span className="font-medium">{SCOPE_LABEL[scope]}</span>
        <span className="text-slate-600">{OAUTH_SCOPE_DESCRIPTIONS[scope]}</span>
        {note ? <span className="text-slate-600 italic">{note}</span> : null}
      </span>
    </label>
  );
}

/** Which assistant asks, and where the answer sends the person back to. */
function ConsentHeader({ client }: { client: ConsentRequest['client'] }) {
  return (
    <CardHeader>
      <CardTitle className="flex items-start gap-2">
        <Bot className="mt-1 size-6 shrink-0 text-blue-700" aria-hidden="true" />
        <span className="break-words">Connect “{client.name}” to CIFER?</span>
      </CardTitle>
      <CardDescription>
        An AI assistant asks to use CIFER as you. After you answer you go back to{' '}
        <strong className="wrap-anywhere text-slate-900">{client.redirectHost}</strong>. Only continue if you started this from that
        assistant.
      </CardDescription>
    </CardHeader>
  );
}

/** The organisation the assistant will act in, among the person's own. */
function OrganizationChoice({
  organizations,
  value,
  onChange,
}: {
  organizations: ConsentRequest['organizations'];
  value: string;
  onChange: (organizationId: string) => void;
}) {
  return (
    <FormField
      id="consent-organization"
      label="Organisation it acts in"
      hint="It sees and changes this organisation only, with your role there."
    >
      <select id="consent-organization" className={SELECT_CLASS} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {organizations.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name} (your role: {candidate.role})
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** Read always; write when asked for and the person's role there allows it. */
function ScopeChoices({
  offersWrite,
  write,
  canWrite,
  onWriteChange,
}: {
  offersWrite: boolean;
  write: boolean;
  canWrite: boolean;
  onWriteChange: (write: boolean) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">What it may do</legend>
      <ScopeChoice scope="read" checked disabled note="Always: an assistant needs to read to help." onChange={() => undefined} />
      {offersWrite ? (
        <ScopeChoice
          scope="write"
          checked={write}
          disabled={!canWrite}
          note={canWrite ? undefined : 'Your role in this organisation is read-only.'}
          onChange={onWriteChange}
        />
      ) : null}
    </fieldset>
  );
}

function ConsentForm({
  request,
  requestId,
  StepUpDialog,
}: {
  request: ConsentRequest;
  requestId: string;
  StepUpDialog: StepUpDialogComponent;
}) {
  const decide = useDecideConsent(requestId);
  const firstChoice =
    request.organizations.find((organization) => organization.id === request.currentOrganizationId) ?? request.organizations[0];
  const [organizationId, setOrganizationId] = useState(firstChoice?.id ?? '');
  const [write, setWrite] = useState(request.scopes.includes('write'));
  const [awaitingCode, setAwaitingCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const organization = request.organizations.find((candidate) => candidate.id === organizationId);
  const canWrite = request.scopes.includes('write') && organization?.role !== 'viewer';

  const send = (decision: 'allow' | 'deny') => {
    setFailure(null);
    const scopes: OAuthScope[] = write && canWrite ? ['read', 'write'] : ['read'];
    const input: ConsentDecisionInput = decision === 'deny' ? { decision } : { decision, organizationId, scopes };
    decide.mutate(input, {
      onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
      onError: (error) => {
        if (isStepUpRefusal(error)) setAwaitingCode(true);
        else setFailure(getErrorMessage(error));
      },
    });
  };

  return (
    <Card className="mx-auto w-full max-w-xl" data-testid="consent-card">
      <ConsentHeader client={request.client} />
      <CardContent className="grid gap-5">
        <OrganizationChoice organizations={request.organizations} value={organizationId} onChange={setOrganizationId} />
        <ScopeChoices
          offersWrite={request.scopes.includes('write')}
          write={write && canWrite}
          canWrite={canWrite}
          onWriteChange={setWrite}
        />
        <Alert variant="warning">
          <AlertDescription>
            The assistant sends what it reads (your organisation’s figures and answers) to its provider. You can disconnect it at any time
            in Account → Connected assistants.
          </AlertDescription>
        </Alert>
        {failure ? (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => send('deny')} disabled={decide.isPending}>
            Deny
          </Button>
          <Button type="button" onClick={() => send('allow')} disabled={decide.isPending || !organization}>
            <ShieldCheck aria-hidden="true" />
            {decide.isPending ? 'Connecting…' : 'Allow'}
          </Button>
        </div>
      </CardContent>
      <StepUpDialog
        open={awaitingCode}
        onClose={() => setAwaitingCode(false)}
        onVerified={() => {
          setAwaitingCode(false);
          send('allow');
        }}
      />
    </Card>
  );
}

/** The consent page's body for a waiting request: loading, gone (expired or answered), or the form. */
export function ConsentView({ requestId, StepUpDialog }: { requestId: string; StepUpDialog: StepUpDialogComponent }) {
  const request = useConsentRequest(requestId);
  if (request.isPending) return <p className="text-center text-slate-600">Loading the assistant’s request…</p>;
  if (request.error instanceof ApiError && request.error.status === 404) return <ConsentError code="expired" />;
  if (request.isError || !request.data) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        <AlertDescription>The request could not be loaded: {getErrorMessage(request.error)}</AlertDescription>
      </Alert>
    );
  }
  return <ConsentForm request={request.data} requestId={requestId} StepUpDialog={StepUpDialog} />;
}
