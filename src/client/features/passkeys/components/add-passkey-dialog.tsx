import { useState } from 'react';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { useRegisterPasskey } from '../api/register-passkey.ts';
import { describeRegistrationError, type PasskeyErrorMessage } from '../lib/passkey-errors.ts';
import { defaultPasskeyName } from '../lib/passkey-labels.ts';
import { PasskeyErrorAlert } from './passkey-error-alert.tsx';
import { PasskeyNameForm } from './passkey-name-form.tsx';

/** Asks for a name first, then hands over to the browser's passkey prompt. */
export function AddPasskeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const register = useRegisterPasskey();
  const [failure, setFailure] = useState<PasskeyErrorMessage | null>(null);

  const close = () => {
    setFailure(null);
    register.reset();
    onOpenChange(false);
  };

  const submit = (name: string) => {
    setFailure(null);
    register.mutate(name, {
      onSuccess: (passkey) => {
        toast({ title: 'Passkey added', description: `“${passkey.name}” can now confirm it's you.` });
        close();
      },
      onError: (error) => setFailure(describeRegistrationError(error)),
    });
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? onOpenChange(true) : close())}
      title="Add a passkey"
      description="Name it so you can tell your passkeys apart. Your browser then asks you to confirm with your fingerprint, face, screen lock or security key."
    >
      {/* Mounted only while open, so each opening starts from the suggested name. */}
      {open ? (
        <PasskeyNameForm
          defaultName={defaultPasskeyName(navigator)}
          submitLabel="Continue"
          pendingLabel="Waiting for your device..."
          isPending={register.isPending}
          onSubmit={submit}
          onCancel={close}
        >
          <PasskeyErrorAlert message={failure} />
        </PasskeyNameForm>
      ) : null}
    </TitledDialog>
  );
}
