import { KeyRound, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { MAX_API_TOKENS_PER_OWNER, type ApiToken } from '@/contracts/api-tokens.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import type { TokenTarget } from '../api/token-target.ts';
import { useTokenCreation } from '../hooks/use-token-creation.ts';
import { tokenState } from '../lib/token-labels.ts';
import { CreateTokenForm } from './create-token-form.tsx';
import { RevokeTokenDialog } from './revoke-token-dialog.tsx';
import { TokenListItem } from './token-list-item.tsx';
import { TokenSecretView } from './token-secret-view.tsx';


/**
 * API tokens (ADR 228) for the public API and the MCP server: the list, Create (with a fresh code
 * when the server asks for one, and the secret shown once), Revoke. The same card serves the
 * personal tokens of /account and an organisation's tokens on /organizations.
 */
export function ApiTokensCard({
  target,
  title,
  description,
  StepUpDialog,
  className,
}: {
  target: TokenTarget;
  title: string;
  description: ReactNode;
  StepUpDialog: StepUpDialogComponent;
  className?: string;
}) {
  const tokens = useApiTokens(target);
  const creation = useTokenCreation(target);
  const revocation = useTokenRevocation(target);
  const list = tokens.data?.tokens ?? [];
  const activeCount = list.filter((token) => tokenState(token, new Date()) === 'active').length;
  const atLimit = activeCount >= MAX_API_TOKENS_PER_OWNER;

  return (
    <Card className={className} data-testid={`api-tokens-${target.kind}`}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-6 text-blue-700" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TokenListBody query={tokens} list={list} showCreator={target.kind === 'organization'} onRevoke={revocation.ask} />
        <div className="space-y-2">
          <Button type="button" variant="outline" onClick={creation.openForm} disabled={atLimit || !tokens.isSuccess}>
            <Plus aria-hidden="true" />
            Create a token
          </Button>
          {atLimit ? <p className="text-sm text-slate-600">At most {MAX_API_TOKENS_PER_OWNER} active tokens. Revoke one first.</p> : null}
        </div>
      </CardContent>

      <TitledDialog open={creation.formOpen} onOpenChange={(isOpen) => !isOpen && creation.closeForm()} title="Create an API token" description={description}>
        <CreateTokenForm isPending={creation.isPending} onSubmit={creation.submit} onCancel={creation.closeForm}>
          {creation.failure ? (
            <Alert variant="destructive">
              <AlertDescription>{creation.failure}</AlertDescription>
            </Alert>
          ) : null}
        </CreateTokenForm>
      </TitledDialog>
      <StepUpDialog open={creation.awaitingCode} onClose={creation.cancelCode} onVerified={() => void creation.codeVerified()} />
      <TitledDialog
        open={creation.created !== null}
        onOpenChange={(isOpen) => !isOpen && creation.forgetSecret()}
        title={creation.created ? `Token “${creation.created.token.name}” created` : 'Token created'}
        description="Use it as a Bearer token: Authorization: Bearer <token>."
      >
        {creation.created ? <TokenSecretView secret={creation.created.secret} onDone={creation.forgetSecret} /> : null}
      </TitledDialog>
      <RevokeTokenDialog token={revocation.confirming} isRevoking={revocation.isRevoking} onCancel={revocation.cancel} onConfirm={revocation.confirm} />
    </Card>
  );
}

function TokenListBody({ query, list, showCreator, onRevoke }: { query: ReturnType<typeof useApiTokens>; list: ApiToken[]; showCreator: boolean; onRevoke: (token: ApiToken) => void }) {
  if (query.isPending) return <p className="text-sm text-slate-600">Loading tokens…</p>;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>The tokens could not be loaded: {getErrorMessage(query.error)}</AlertDescription>
      </Alert>
    );
  }
  if (list.length === 0) return <p className="text-sm text-slate-600">No tokens yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="API tokens">
      {list.map((token) => (
        <TokenListItem key={token.id} token={token} showCreator={showCreator} onRevoke={() => onRevoke(token)} />
      ))}
    </ul>
  );
}

/** Confirm, then revoke; the answer's message says what happened. */
function useTokenRevocation(target: TokenTarget) {
  const revoke = useRevokeApiToken(target);
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: (answer) => toast({ title: 'Token revoked', description: answer.message }),
      onError: (error) => toast({ title: 'Token not revoked', description: getErrorMessage(error), variant: 'destructive' }),
      onSettled: () => setConfirming(null),
    });
  };
  return { confirming, ask: setConfirming, cancel: () => setConfirming(null), confirm, isRevoking: revoke.isPending };
}
