import { KeyRound, Trash2 } from 'lucide-react';
import type { ApiToken } from '@/contracts/api-tokens.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { CredentialAction, CredentialItem } from '@/client/components/ui/credential-item.tsx';
import { describeScopes, formatTokenDate, TOKEN_STATE_LABEL, tokenState } from '../lib/token-labels.ts';

const STATE_BADGE = { active: 'success', expired: 'warning', revoked: 'secondary' } as const;

/** One token: name, what it may do, whether it still works, its visible start, where it acts, its dates, Revoke. */
export function TokenListItem({ token, showCreator, onRevoke }: { token: ApiToken; showCreator: boolean; onRevoke: () => void }) {
  const state = tokenState(token, new Date());
  return (
    <CredentialItem
      icon={KeyRound}
      name={token.name}
      testId="api-token-item"
      badges={
        <>
          <Badge variant={STATE_BADGE[state]}>{TOKEN_STATE_LABEL[state]}</Badge>
          <Badge variant="outline">{describeScopes(token.scopes)}</Badge>
        </>
      }
      details={
        <>
          <p className="text-sm break-words text-slate-600">
            <code className="font-mono break-all text-slate-800">{token.prefix}…</code> · acts in {token.organizationName}
            {showCreator && token.createdByEmail ? ` · created by ${token.createdByEmail}` : ''}
          </p>
          <p className="text-sm text-slate-600">
            Created {formatTokenDate(token.createdAt)} · {state === 'revoked' && token.revokedAt ? `revoked ${formatTokenDate(token.revokedAt)}` : `expires ${formatTokenDate(token.expiresAt)}`} ·{' '}
            {token.lastUsedAt ? `last used ${formatTokenDate(token.lastUsedAt)}` : 'never used'}
          </p>
        </>
      }
      actions={state === 'active' ? <CredentialAction icon={Trash2} label="Revoke" itemName={token.name} onClick={onRevoke} /> : null}
    />
  );
}
