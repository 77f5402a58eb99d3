import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { Passkey } from '@/contracts/passkeys.ts';
import { Button } from '@/client/components/ui/button.tsx';

/**
 * Confirms the removal of one passkey (an alert dialog: no closing by a click outside, the focus
 * starts on Cancel). `passkey` null keeps it closed.
 */
export function RemovePasskeyDialog({
  passkey,
  isRemoving,
  onCancel,
  onConfirm,
}: {
  passkey: Passkey | null;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={passkey !== null} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl">
          <AlertDialog.Title className="text-lg leading-tight font-semibold">Remove this passkey?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm break-words text-slate-600">
            “{passkey?.name}” will no longer sign you in or confirm it&apos;s you. Your authenticator app and backup codes keep working.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the server answers. */}
            <Button type="button" variant="destructive" onClick={onConfirm} disabled={isRemoving}>
              {isRemoving ? 'Removing...' : 'Remove passkey'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
