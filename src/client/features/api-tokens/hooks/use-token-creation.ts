import { useState } from 'react';
import type { CreatedApiToken } from '@/contracts/api-tokens.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { isStepUpRefusal } from '@/client/lib/step-up.ts';
import { useCreateApiToken, type TokenFormValues } from '../api/create-api-token.ts';
import type { TokenTarget } from '../api/token-target.ts';

/**
 * Creating a token, step by step: the form; when the server wants a fresh code, the form closes and
 * the step-up dialog opens with the answers kept, and they are sent again once verified; then the
 * secret, shown once. The secret lives only in this state and is dropped when its dialog closes.
 */
export function useTokenCreation(target: TokenTarget) {
  const create = useCreateApiToken(target);
  const [formOpen, setFormOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [awaitingCode, setAwaitingCode] = useState<TokenFormValues | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const submit = (values: TokenFormValues) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: (answer) => {
        setFormOpen(false);
        setAwaitingCode(null);
        setCreated(answer);
      },
      onError: (error) => {
        if (isStepUpRefusal(error)) {
          setFormOpen(false);
          setAwaitingCode(values);
          return;
        }
        setAwaitingCode(null);
        setFormOpen(true);
        setFailure(getErrorMessage(error));
      },
    });
  };

  return {
    formOpen,
    openForm: () => {
      setFailure(null);
      setFormOpen(true);
    },
    closeForm: () => setFormOpen(false),
    failure,
    isPending: create.isPending,
    submit,
    awaitingCode: awaitingCode !== null,
    cancelCode: () => setAwaitingCode(null),
    codeVerified: () => awaitingCode && submit(awaitingCode),
    created,
    forgetSecret: () => setCreated(null),
  };
}
