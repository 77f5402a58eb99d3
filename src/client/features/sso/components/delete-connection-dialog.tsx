import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import type { SsoConnection } from '@/contracts/sso.ts';
import { Button, buttonVariants } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useDeleteSsoConnection } from '../api/delete-sso-connection.ts';

/** Delete a connection after a confirmation that says what stops working. */
export function DeleteConnectionDialog({ organizationId, connection }: { organizationId: string; connection: SsoConnection }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSsoConnection(organizationId);
  const confirm = async () => {
    // mutateAsync: the deleted connection leaves the list (this dialog unmounts) before per-call callbacks would run.
    try {
      await remove.mutateAsync(connection.id);
      setOpen(false);
      toast({ title: `${connection.name} deleted` });
    } catch (error) {
      toast({ title: 'Could not delete the connection', description: getErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Delete ${connection.name}`}>
          Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl">
          <AlertDialog.Title className="text-lg leading-tight font-semibold">Delete {connection.name}?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">
            People of {connection.domains.map((domain) => domain.domain).join(', ')} can no longer sign in with SSO; they log in with a CIFER password instead ("Forgot password?" sets one). Their memberships stay. This cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <Button type="button" variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete connection'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
