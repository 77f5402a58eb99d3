import { Bot, Unplug } from 'lucide-react';
import { useState } from 'react';
import type { ConnectedAssistant } from '@/contracts/oauth.ts';
import { Alert, AlertDescription } from '@/client/components/ui/alert.tsx';
import { Badge } from '@/client/components/ui/badge.tsx';
import { CredentialAction, CredentialItem } from '@/client/components/ui/credential-item.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useConnectedAssistants, useDisconnectAssistant } from '../api/connected-assistants.ts';

/**
 * /account's connected assistants (ADR 294): every AI assistant the person let in through OAuth,
 * where it acts and what it may do, when it was connected and last used, and Disconnect, which ends
 * its access at once.
 */

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function AssistantItem({ assistant, onDisconnect }: { assistant: ConnectedAssistant; onDisconnect: () => void }) {
  return (
    <CredentialItem
      icon={Bot}
      name={assistant.clientName}
      testId="connected-assistant"
      badges={<Badge variant="outline">{assistant.scopes.includes('write') ? 'Read and Write' : 'Read'}</Badge>}
      details={
        <>
          <p className="text-sm break-words text-slate-600">
            Acts in {assistant.organizationName} · answers go to <span className="wrap-anywhere">{assistant.redirectHost}</span>
          </p>
          <p className="text-sm text-slate-600">
            Connected {formatDate(assistant.connectedAt)} · {assistant.lastUsedAt ? `last used ${formatDate(assistant.lastUsedAt)}` : 'not used yet'}
          </p>
        </>
      }
      actions={<CredentialAction icon={Unplug} label="Disconnect" itemName={assistant.clientName} onClick={onDisconnect} />}
    />
  );
}

function AssistantList({ query, onDisconnect }: { query: ReturnType<typeof useConnectedAssistants>; onDisconnect: (assistant: ConnectedAssistant) => void }) {
  if (query.isPending) return <p className="text-sm text-slate-600">Loading connected assistants…</p>;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>The connected assistants could not be loaded: {getErrorMessage(query.error)}</AlertDescription>
      </Alert>
    );
  }
  const assistants = query.data?.assistants ?? [];
  if (assistants.length === 0) return <p className="text-sm text-slate-600">No assistant is connected. Add CIFER to an assistant by the address of its MCP server; the assistant then sends you here to allow it.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Connected assistants">
      {assistants.map((assistant) => (
        <AssistantItem key={assistant.id} assistant={assistant} onDisconnect={() => onDisconnect(assistant)} />
      ))}
    </ul>
  );
}

export function ConnectedAssistantsCard({ className, mcpUrl }: { className?: string; mcpUrl: string }) {
  const assistants = useConnectedAssistants();
  const disconnect = useDisconnectAssistant();
  const [confirming, setConfirming] = useState<ConnectedAssistant | null>(null);
  const confirm = () => {
    if (!confirming) return;
    disconnect.mutate(confirming.id, {
      onSuccess: (answer) => toast({ title: 'Assistant disconnected', description: answer.message }),
      onError: (error) => toast({ title: 'Not disconnected', description: getErrorMessage(error), variant: 'destructive' }),
      onSettled: () => setConfirming(null),
    });
  };
  return (
    <Card className={className} data-testid="connected-assistants">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bot className="size-6 text-blue-700" aria-hidden="true" />
          Connected assistants
        </CardTitle>
        <CardDescription>
          AI assistants you allowed to use CIFER as you (Claude, ChatGPT, Cursor and others connect with the address <code className="wrap-anywhere">{mcpUrl}</code>).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AssistantList query={assistants} onDisconnect={setConfirming} />
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `Disconnect “${confirming.clientName}”?` : 'Disconnect assistant'}
        description="Its access ends at once, on every CIFER server. To use it again, connect it again from the assistant."
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting…"
        isPending={disconnect.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Card>
  );
}
