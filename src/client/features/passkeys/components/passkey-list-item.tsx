import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import type { Passkey } from '@/contracts/passkeys.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { CredentialAction, CredentialItem } from '@/client/components/ui/credential-item.tsx';
import { describeLastUse, describeStorage, formatPasskeyDate } from '../lib/passkey-labels.ts';

/** One passkey: its name, where it lives, when it was added and last used, Rename and Remove. */
export function PasskeyListItem({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const storage = describeStorage(passkey);
  return (
    <CredentialItem
      icon={KeyRound}
      name={passkey.name}
      nameTestId="passkey-name"
      className="gap-3"
      detailsClassName="min-w-0"
      actionsClassName="flex flex-wrap gap-2"
      badges={
        <Badge variant="outline" title={storage.hint}>
          {storage.label}
        </Badge>
      }
      details={
        <p className="text-sm text-slate-600">
          Added {formatPasskeyDate(passkey.createdAt)} · {describeLastUse(passkey)}
        </p>
      }
      actions={
        <>
          <CredentialAction icon={Pencil} label="Rename" itemName={passkey.name} onClick={onRename} />
          <CredentialAction icon={Trash2} label="Remove" itemName={passkey.name} onClick={onRemove} />
        </>
      }
    />
  );
}
