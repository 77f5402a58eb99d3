import type { ApiToken } from '@/contracts/api-tokens.ts';
import { Button } from '@/client/components/ui/button.tsx';
import { DialogFooter } from '@/client/components/ui/dialog.tsx';
import { TitledDialog } from '@/client/components/ui/titled-dialog.tsx';

/** Asks before revoking: whatever uses the token stops working at once, and it cannot be undone. */
export function RevokeTokenDialog({ token, isRevoking, onCancel, onConfirm }: { token: ApiToken | null; isRevoking: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <TitledDialog
      open={token !== null}
      onOpenChange={(isOpen) => !isOpen && onCancel()}
      title={token ? `Revoke “${token.name}”?` : 'Revoke token'}
      description="Every script or tool using it is refused from its next call. This cannot be undone; create a new token to reconnect them."
    >
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep it
        </Button>
        <Button type="button" variant="destructive" onClick={onConfirm} disabled={isRevoking}>
          {isRevoking ? 'Revoking…' : 'Revoke token'}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
