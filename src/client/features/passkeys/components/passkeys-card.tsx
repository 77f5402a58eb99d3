import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { MAX_PASSKEYS_PER_USER, PASSKEY_MESSAGES, type Passkey } from '@/contracts/passkeys.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal, type StepUpDialogComponent } from '@/client/lib/step-up.ts';
import { usePasskeys } from '../api/get-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { PasskeyListItem } from './passkey-list-item.tsx';
import { RemovePasskeyDialog } from './remove-passkey-dialog.tsx';
import { RenamePasskeyDialog } from './rename-passkey-dialog.tsx';


export const UNSUPPORTED_BROWSER_TEXT =
  'This browser does not support passkeys. Open CIFER in a recent Chrome, Edge, Firefox or Safari to add one.';

/**
 * /mfa-settings "Passkeys" (ADR 226): the list, Add a passkey, Rename, Remove. Removing asks for a
 * fresh verification first when the server says the session's last one is too old.
 */
export function PasskeysCard({ StepUpDialog }: { StepUpDialog: StepUpDialogComponent }) {
  const passkeys = usePasskeys();
  const supported = browserSupportsWebAuthn();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const { confirming, setConfirming, stepUpFor, setStepUpFor, remove, isRemoving } = usePasskeyRemoval();

  const list = passkeys.data?.passkeys ?? [];
  const atLimit = list.length >= MAX_PASSKEYS_PER_USER;

  return (
    <Card className="w-full max-w-lg" data-testid="passkeys-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-6 text-blue-700" aria-hidden="true" />
          Passkeys
        </CardTitle>
        <CardDescription>
          Confirm it&apos;s you with your fingerprint, face, screen lock or a security key instead of a code, or sign in without a password.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!supported ? (
          <Alert variant="warning">
            <AlertDescription>{UNSUPPORTED_BROWSER_TEXT}</AlertDescription>
          </Alert>
        ) : null}
        <PasskeyListBody query={passkeys} list={list} onRename={setRenaming} onRemove={setConfirming} />
        {supported ? (
          <div className="space-y-2">
            <Button type="button" variant="outline" onClick={() => setAdding(true)} disabled={atLimit || !passkeys.isSuccess}>
              <Plus aria-hidden="true" />
              Add a passkey
            </Button>
            {atLimit ? <p className="text-sm text-slate-600">{PASSKEY_MESSAGES.tooMany}</p> : null}
          </div>
        ) : null}
      </CardContent>

      <AddPasskeyDialog open={adding} onOpenChange={setAdding} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <RemovePasskeyDialog
        passkey={confirming}
        isRemoving={isRemoving}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && remove(confirming)}
      />
      <StepUpDialog
        open={stepUpFor !== null}
        onClose={() => setStepUpFor(null)}
        onVerified={() => {
          const passkey = stepUpFor;
          setStepUpFor(null);
          if (passkey) remove(passkey);
        }}
      />
    </Card>
  );
}

function PasskeyListBody({
  query,
  list,
  onRename,
  onRemove,
}: {
  query: ReturnType<typeof usePasskeys>;
  list: Passkey[];
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey) => void;
}) {
  if (query.isPending) return <p className="text-sm text-slate-600">Loading your passkeys...</p>;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Your passkeys could not be loaded: {getErrorMessage(query.error)}</AlertDescription>
      </Alert>
    );
  }
  if (list.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="passkeys-empty">
        No passkeys yet.
      </p>
    );
  return (
    <ul className="divide-y divide-slate-200" aria-label="Your passkeys">
      {list.map((passkey) => (
        <PasskeyListItem key={passkey.id} passkey={passkey} onRename={() => onRename(passkey)} onRemove={() => onRemove(passkey)} />
      ))}
    </ul>
  );
}

/** Confirm, remove, and on a step-up refusal remember which passkey to remove once verified. */
function usePasskeyRemoval() {
  const removal = useRemovePasskey();
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const [stepUpFor, setStepUpFor] = useState<Passkey | null>(null);

  const remove = (passkey: Passkey) =>
    removal.mutate(passkey.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({
          title: 'Passkey removed',
          description: `“${passkey.name}” no longer works for CIFER. You can also delete it from your device.`,
        });
      },
      onError: (error) => {
        setConfirming(null);
        if (isStepUpRefusal(error)) return setStepUpFor(passkey);
        toast({ title: 'Passkey not removed', description: getErrorMessage(error), variant: 'destructive' });
      },
    });

  return { confirming, setConfirming, stepUpFor, setStepUpFor, remove, isRemoving: removal.isPending };
}
