import { useState } from 'react';
import type { Passkey } from '@/contracts/passkeys.ts';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';
import type { PasskeyErrorMessage } from '../lib/passkey-errors.ts';
import { PasskeyErrorAlert } from './passkey-error-alert.tsx';
import { PasskeyNameForm } from './passkey-name-form.tsx';

/** Renames one passkey; `passkey` null keeps the dialog closed. */
export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [failure, setFailure] = useState<PasskeyErrorMessage | null>(null);

  const close = () => {
    setFailure(null);
    rename.reset();
    onClose();
  };

  return (
    <TitledDialog
      open={passkey !== null}
      onOpenChange={(isOpen) => !isOpen && close()}
      title="Rename passkey"
      description="The new name shows only here, in your list of passkeys."
    >
      {passkey ? (
        <PasskeyNameForm
          key={passkey.id}
          defaultName={passkey.name}
          submitLabel="Save"
          pendingLabel="Saving..."
          isPending={rename.isPending}
          onSubmit={(name) =>
            rename.mutate(
              { id: passkey.id, name },
              { onSuccess: close, onError: (error) => setFailure({ text: getErrorMessage(error), calm: false }) },
            )
          }
          onCancel={close}
        >
          <PasskeyErrorAlert message={failure} />
        </PasskeyNameForm>
      ) : null}
    </TitledDialog>
  );
}
