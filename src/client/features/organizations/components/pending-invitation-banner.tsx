import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { readPendingInvitation } from '../lib/pending-invitation.ts';

/** After signing up or in from an invitation link, a reminder to accept it (the link's token waits in this tab). */
export function PendingInvitationBanner() {
  const [pending, setPending] = useState(false);
  useEffect(() => setPending(readPendingInvitation() !== null), []);
  if (!pending) return null;
  return (
    <div role="status" className="border-b border-blue-200 bg-blue-50 px-4 py-2 text-center text-sm text-blue-900">
      You have an invitation to join an organisation.{' '}
      <Link href="/invitation" className="font-semibold underline underline-offset-4">
        Review and accept it
      </Link>
    </div>
  );
}
