import { useState } from 'react';
import type { AccessRequestStatus, AdminAccessRequest } from '@/contracts/admin.ts';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { Textarea } from '@/client/components/ui/input.tsx';
import { Label } from '@/client/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useDecideAccessRequest } from '../api/decide-access-request.ts';
import { useAccessRequests } from '../api/get-access-requests.ts';

const formatDate = (iso: string) => new Date(iso).toLocaleString();

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="wrap-anywhere text-slate-900">{value || '—'}</dd>
    </div>
  );
}

function AccessRequestItem({ request }: { request: AdminAccessRequest }) {
  const [note, setNote] = useState('');
  const decide = useDecideAccessRequest();
  const noteId = `access-note-${request.id}`;
  const name = `${request.firstName} ${request.lastName}`;

  const submit = async (decision: 'approve' | 'reject', partner = false) => {
    // mutateAsync: the decided request leaves the list (this item unmounts) before per-call callbacks would run.
    try {
      const data = await decide.mutateAsync({ id: request.id, decision, partner, ...(note.trim() ? { note: note.trim() } : {}) });
      toast({ title: decision === 'approve' ? 'Access Approved' : 'Request Rejected', description: `${data.message}: ${request.email} has been notified by e-mail.` });
    } catch (error) {
      toast({ title: 'Decision Failed', description: getErrorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 p-4" aria-label={`Access request from ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Everything the requester typed is rendered as text, never as HTML. */}
        <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{name}</h3>
        <span className="text-xs text-slate-600">Requested {formatDate(request.createdAt)}</span>
      </div>
      <dl className="grid gap-1">
        <Detail label="Email" value={request.email} />
        <Detail label="Company" value={request.company} />
        <Detail label="Phone" value={request.phone} />
        <Detail label="Message" value={request.message} />
        {request.status !== 'pending' ? <Detail label="Decision note" value={request.decisionNote} /> : null}
      </dl>
      {request.status === 'pending' ? (
        <div className="grid gap-2">
          <Label htmlFor={noteId}>Note to the requester (optional)</Label>
          <Textarea id={noteId} rows={2} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void submit('approve')} disabled={decide.isPending}>
              Approve
            </Button>
            <Button variant="outline" onClick={() => void submit('approve', true)} disabled={decide.isPending}>
              Approve as partner
            </Button>
            <Button variant="destructive" onClick={() => void submit('reject')} disabled={decide.isPending}>
              Reject
            </Button>
          </div>
        </div>
      ) : (
        <Badge variant={request.status === 'approved' ? 'success' : 'secondary'} className="justify-self-start">
          {request.status === 'approved' ? 'Approved' : 'Rejected'} {request.decidedAt ? formatDate(request.decidedAt) : ''}
        </Badge>
      )}
    </li>
  );
}

/** /admin 'Access requests': pending requests with their details; Approve or Reject with an optional note. */
export function AccessRequestsSection() {
  const [status, setStatus] = useState<AccessRequestStatus>('pending');
  const requests = useAccessRequests(status);
  const rows = requests.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Access requests</CardTitle>
        <CardDescription>People who asked for an account. Approving activates the account and e-mails a sign-in link; rejecting sends a polite notice.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Tabs value={status} onValueChange={(value) => setStatus(value as AccessRequestStatus)}>
          <TabsList className="w-auto" aria-label="Access request status">
            <TabsTrigger value="pending">Pending</TabsTrigger>
            <TabsTrigger value="approved">Approved</TabsTrigger>
            <TabsTrigger value="rejected">Rejected</TabsTrigger>
          </TabsList>
          {/* The list is the active tab's panel: the trigger's aria-controls must name an element that exists (axe). */}
          <TabsContent value={status} className="grid gap-4">
            {requests.isLoading ? <p className="text-sm text-slate-600">Loading access requests...</p> : null}
            {requests.error ? <p className="text-sm text-red-700">Could not load access requests: {getErrorMessage(requests.error)}</p> : null}
            {!requests.isLoading && !requests.error && rows.length === 0 ? <p className="text-sm text-slate-600">No {status} access requests.</p> : null}
            <ul className="grid gap-3">
              {rows.map((request) => (
                <AccessRequestItem key={request.id} request={request} />
              ))}
            </ul>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
