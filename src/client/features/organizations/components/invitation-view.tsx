import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card.tsx';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationPreview } from '../api/preview-invitation.ts';
import { clearPendingInvitation, readPendingInvitation, savePendingInvitation, takeTokenFromHash } from '../lib/pending-invitation.ts';

const ROLE_TEXT = { owner: 'an owner', member: 'a member', viewer: 'a viewer (read only)' } as const;

/**
 * /invitation#token=...: shows where the invitation leads; a visitor creates an account or logs
 * in (then sets up two-factor) and comes back; a signed-in invitee accepts.
 */
export function InvitationView({ signedInEmail }: { signedInEmail: string | null }) {
  const [token, setToken] = useState<string | null>(null);
  const preview = useInvitationPreview();

  useEffect(() => {
    const fromLink = takeTokenFromHash();
    if (fromLink) savePendingInvitation(fromLink);
    const stored = fromLink ?? readPendingInvitation();
    setToken(stored);
    if (stored) preview.mutate(stored);
    // Runs once per visit: the token comes from the address bar or this tab's storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!token || preview.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>This invitation cannot be used</AlertTitle>
        <AlertDescription>
          {preview.isError ? getErrorMessage(preview.error) : 'Open the link from your invitation e-mail.'} Ask the person who invited you
          to send a new invitation.
        </AlertDescription>
      </Alert>
    );
  }
  const invitation = preview.data;
  if (!invitation) return <p role="status">Checking your invitation…</p>;
  const wrongAccount = signedInEmail !== null && signedInEmail.toLowerCase() !== invitation.email;

  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle>Join {invitation.organizationName}</CardTitle>
        <CardDescription>
          You are invited as {ROLE_TEXT[invitation.role]} with the address <strong>{invitation.email}</strong>. The invitation expires on{' '}
          {new Date(invitation.expiresAt).toLocaleDateString()}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signedInEmail === null ? (
          <>
            <p className="text-sm text-slate-700">
              Create your CIFER account with <strong>{invitation.email}</strong>, or log in if you already have one. You will then set up
              two-factor authentication, and come back here to accept.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link href="/auth?mode=signup">Create an account</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/auth">Log in</Link>
              </Button>
            </div>
          </>
        ) : wrongAccount ? (
          <Alert variant="destructive">
            <AlertTitle>Signed in with another address</AlertTitle>
            <AlertDescription>
              You are signed in as {signedInEmail}. Log out and sign in as {invitation.email} to accept this invitation.
            </AlertDescription>
          </Alert>
        ) : (
          <AcceptButton token={token} organizationName={invitation.organizationName} />
        )}
      </CardContent>
    </Card>
  );
}

/** The signed-in invitee accepts; a refusal shows above the button, a success opens the organisation's history. */
function AcceptButton({ token, organizationName }: { token: string; organizationName: string }) {
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();
  return (
    <>
      {accept.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{getErrorMessage(accept.error)}</AlertDescription>
        </Alert>
      ) : null}
      <Button
        disabled={accept.isPending}
        onClick={async () => {
          // The promise, not mutate's callbacks: accepting switches the organisation, which re-checks the
          // session and remounts this page before a callback of the old one could run.
          try {
            await accept.mutateAsync(token);
          } catch {
            return; // shown in the alert above
          }
          clearPendingInvitation();
          navigate('/history');
        }}
      >
        {accept.isPending ? 'Accepting…' : `Accept and open ${organizationName}`}
      </Button>
    </>
  );
}
