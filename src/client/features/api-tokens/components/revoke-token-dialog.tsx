import type { ApiToken } from '@/contracts/api-tokens.ts';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog.tsx';

/** Asks before revoking: whatever uses the token stops working at once, and it cannot be undone. */
export function RevokeTokenDialog({ token, isRevoking, onCancel, onConfirm }: { token: ApiToken | null; isRevoking: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={token !== null}
      title={token ? `Revoke “${token.name}”?` : 'Revoke token'}
      description="Every script or tool using it is refused from its next call. This cannot be undone; create a new token to reconnect them."
      confirmLabel="Revoke token"
      pendingLabel="Revoking…"
      isPending={isRevoking}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
