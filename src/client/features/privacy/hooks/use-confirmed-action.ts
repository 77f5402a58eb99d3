import { useState } from 'react';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal } from '@/client/lib/step-up.ts';

/**
 * A destructive action confirmed by typing, that the server may refuse until a fresh code is given
 * (ADR 031): the typed value is kept while the code dialog is open and sent again once verified.
 */
export function useConfirmedAction(run: (typed: string, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void, onDone: () => void) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [awaitingCode, setAwaitingCode] = useState<string | null>(null);

  const submit = (typed: string) => {
    setFailure(null);
    run(typed, {
      onSuccess: () => {
        setOpen(false);
        setAwaitingCode(null);
        onDone();
      },
      onError: (error) => {
        setAwaitingCode(isStepUpRefusal(error) ? typed : null);
        setOpen(!isStepUpRefusal(error));
        if (!isStepUpRefusal(error)) setFailure(getErrorMessage(error));
      },
    });
  };

  return {
    open,
    openDialog: () => {
      setFailure(null);
      setOpen(true);
    },
    closeDialog: () => setOpen(false),
    failure,
    submit,
    awaitingCode: awaitingCode !== null,
    cancelCode: () => setAwaitingCode(null),
    codeVerified: () => awaitingCode !== null && submit(awaitingCode),
  };
}

/** What `useConfirmedAction` hands its dialogs. */
export type ConfirmedAction = ReturnType<typeof useConfirmedAction>;
