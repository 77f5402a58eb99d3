import { Badge } from '@/client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { AdminOutboxEmail } from '@/contracts/admin.ts';
import { useOutbox } from '../api/get-outbox.ts';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

const STATUS_VARIANT = { sent: 'success', held: 'warning', pending: 'secondary', failed: 'destructive' } as const;

function OutboxItem({ email }: { email: AdminOutboxEmail }) {
  const variant = STATUS_VARIANT[email.status as keyof typeof STATUS_VARIANT] ?? 'outline';
  return (
    <li className="rounded-lg border border-slate-200">
      <details className="group">
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none">
          <Badge variant={variant}>{email.status}</Badge>
          <span className="font-medium break-words text-slate-900">{email.subject}</span>
          <span className="text-sm break-all text-slate-700">to {email.to}</span>
          <span className="ml-auto text-xs text-slate-600">{formatDate(email.createdAt)}</span>
        </summary>
        <div className="grid gap-2 border-t border-slate-200 p-3">
          {email.lastError ? <p className="text-sm text-red-700">Last error: {email.lastError}</p> : null}
          <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap wrap-anywhere text-slate-900">{email.text}</pre>
        </div>
      </details>
    </li>
  );
}

/** /admin 'Email outbox': what CIFER sent or holds; links meant for one person are shown as a note (ADR 190). */
export function EmailOutboxSection() {
  const outbox = useOutbox();
  const rows = outbox.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email outbox</CardTitle>
        <CardDescription>
          The latest e-mails, newest first. Links meant for one person (password reset, subscription claim, invitation, unlock) are never shown here: only their recipient can use them. Status “held” means no SMTP server is configured: an operator with access to the server reads held mail with <code>npm run mail:show</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {outbox.isLoading ? <p className="text-sm text-slate-600">Loading the outbox...</p> : null}
        {outbox.error ? <p className="text-sm text-red-700">Could not load the outbox: {getErrorMessage(outbox.error)}</p> : null}
        {!outbox.isLoading && !outbox.error && rows.length === 0 ? <p className="text-sm text-slate-600">No e-mails yet.</p> : null}
        <ul className="grid gap-2" aria-label="Outbox messages">
          {rows.map((email) => (
            <OutboxItem key={email.id} email={email} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
