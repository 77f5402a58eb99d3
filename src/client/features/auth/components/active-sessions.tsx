import { Monitor } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge.tsx';
import { Button } from '@/client/components/ui/button.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import type { SessionSummary } from '@/contracts/auth.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';

function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}

const formatDate = (iso: string) => new Date(iso).toLocaleString();

/** "Active sessions": your own sessions, each can be signed out; the current one is marked. */
export function ActiveSessions({ onCurrentSessionEnded }: { onCurrentSessionEnded?: () => void }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  const end = (session: SessionSummary) => {
    revoke.mutate(session.id, {
      onSuccess: () => {
        toast({ title: 'Session Signed Out', description: session.current ? 'You signed out this device.' : 'That device is signed out.' });
        if (session.current) onCurrentSessionEnded?.();
      },
      onError: (error) => toast({ title: 'Sign-out Failed', description: getErrorMessage(error), variant: 'destructive' }),
    });
  };

  if (sessions.isLoading) return <p className="text-sm text-slate-600">Loading sessions...</p>;
  if (sessions.error) return <p className="text-sm text-red-700">Could not load your sessions: {getErrorMessage(sessions.error)}</p>;
  const rows = sessions.data ?? [];

  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Active sessions">
        {rows.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
            <Monitor className="size-5 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {describeDevice(session.userAgent)} {session.current ? <Badge variant="success">This device</Badge> : null}
              </p>
              <p className="text-xs text-slate-600">
                {session.ip ?? 'Unknown address'} · signed in {formatDate(session.createdAt)} · last active {formatDate(session.lastSeenAt)}
              </p>
            </div>
            <Button variant="outline" size="sm" onClick={() => end(session)} disabled={revoke.isPending}>
              {session.current ? 'Sign out' : 'Sign out device'}
            </Button>
          </li>
        ))}
      </ul>
      {rows.length > 1 ? (
        <Button
          variant="secondary"
          className="justify-self-start"
          disabled={revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: (data) => toast({ title: 'Sessions Signed Out', description: data.message }),
              onError: (error) => toast({ title: 'Sign-out Failed', description: getErrorMessage(error), variant: 'destructive' }),
            })
          }
        >
          Sign out all other sessions
        </Button>
      ) : null}
    </div>
  );
}
