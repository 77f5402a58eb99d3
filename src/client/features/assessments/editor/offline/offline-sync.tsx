import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog.tsx';
import { toast } from '@/client/hooks/use-toast.ts';
import { getErrorMessage } from '@/client/lib/api-client.ts';
import { useCurrentUser } from '@/client/lib/current-user.ts';
import type { Assessment } from '@/contracts/assessments.ts';
import { FACTORS } from '@/engine/factors.ts';
import { ASSESSMENTS_KEY } from '../../shared/api/list-assessments.ts';
import { countAnswered, removeLocalDraft } from '../../shared/lib/draft-input.ts';
import { formatDate } from '../../shared/lib/format.ts';
import { assessmentSyncApi, getAssessmentOutbox } from '../../shared/offline/assessment-outbox.ts';
import type { OutboxEntry } from '../../shared/offline/outbox.ts';
import { markReplaced } from '../../shared/offline/replaced-drafts.ts';
import { keepOfflineVersion, syncEntry } from '../../shared/offline/sync-outbox.ts';

interface Conflict {
  entry: OutboxEntry;
  server: Assessment | null;
}

function describeServerCopy(server: Assessment | null): string {
  if (!server) return 'It was deleted on the server.';
  if (server.status === 'completed') return `It was completed on the server on ${formatDate(server.completedAt ?? server.updatedAt)}, with ${countAnswered(server.input)} of ${FACTORS.length} questions answered.`;
  return `It was changed on the server on ${formatDate(server.updatedAt)} and now has ${countAnswered(server.input)} of ${FACTORS.length} questions answered.`;
}

/** The two versions side by side in words, and the choice between them. */
function ConflictChoice({ conflict, isResolving, onSettle }: { conflict: Conflict; isResolving: boolean; onSettle: (choice: 'mine' | 'server') => void }) {
  return (
    <DialogContent data-testid="sync-conflict">
      <DialogHeader>
        <DialogTitle>This assessment changed while you were offline</DialogTitle>
        <DialogDescription>
          You edited “{conflict.entry.title}” on this device ({countAnswered(conflict.entry.input)} of {FACTORS.length} questions answered
          {conflict.entry.complete ? ', calculated' : ''}). {describeServerCopy(conflict.server)} Choose which version to keep.
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-slate-700">
        {conflict.server?.status === 'draft'
          ? 'Keeping yours replaces the server’s answers; keeping the server’s discards the changes made on this device.'
          : 'Keeping yours saves it as a new assessment; keeping the server’s discards the changes made on this device.'}{' '}
        Closing this asks again next time you are online.
      </p>
      <DialogFooter>
        <Button variant="outline" disabled={isResolving} onClick={() => onSettle('server')}>
          Keep the server version
        </Button>
        <Button disabled={isResolving} onClick={() => onSettle('mine')}>
          Keep my offline version
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/**
 * Sends the user's queued changes, one at a time, at start and whenever the connection returns:
 * a saved one updates the cache, a conflict waits for the user's choice, a failure stops the run.
 */
function useOutboxSync(userId: string | undefined, store: (assessment: Assessment) => void, setConflicts: Dispatch<SetStateAction<Conflict[]>>) {
  const running = useRef(false);
  const run = useCallback(async () => {
    if (!userId || running.current || !navigator.onLine) return;
    running.current = true;
    const outbox = getAssessmentOutbox();
    try {
      for (const entry of await outbox.pendingFor(userId)) {
        const outcome = await syncEntry(entry, assessmentSyncApi);
        if (outcome.kind === 'failed') {
          console.error('Offline sync failed; the change stays queued', outcome.error);
          break;
        }
        if (outcome.kind === 'conflict') {
          setConflicts((current) => (current.some((c) => c.entry.assessmentId === entry.assessmentId) ? current : [...current, { entry, server: outcome.server }]));
          continue;
        }
        await outbox.settle(entry, outcome.assessment.updatedAt);
        removeLocalDraft(entry.assessmentId);
        store(outcome.assessment);
        toast({ title: 'Offline changes saved', description: `"${outcome.assessment.title}" is saved to your account.` });
      }
    } finally {
      running.current = false;
    }
  }, [userId, store, setConflicts]);

  useEffect(() => {
    void run();
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [run]);
}

/**
 * Sends the offline queue of the signed-in user when the page starts online and whenever the
 * connection returns (ADR 162). Saved entries update the cached assessment (an open page then
 * shows the saved version); a conflict opens a dialog where the user keeps either version.
 */
export function OfflineSync() {
  const queryClient = useQueryClient();
  const user = useCurrentUser().data ?? null;
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [isResolving, setResolving] = useState(false);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const userId = user?.id;

  const store = useCallback(
    (assessment: Assessment) => {
      queryClient.setQueryData([`${ASSESSMENTS_KEY}/${assessment.id}`], assessment);
      void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY] });
    },
    [queryClient],
  );

  useOutboxSync(userId, store, setConflicts);

  const conflict = conflicts[0] ?? null;
  const settle = async (choice: 'mine' | 'server') => {
    if (!conflict) return;
    const { server } = conflict;
    setResolving(true);
    try {
      // Edits made while the dialog was open are part of "mine".
      const entry = (await getAssessmentOutbox().get(conflict.entry.assessmentId)) ?? conflict.entry;
      if (choice === 'mine') {
        const saved = await keepOfflineVersion(entry, server, assessmentSyncApi);
        store(saved);
        if (saved.id !== entry.assessmentId && new URLSearchParams(search).get('id') === entry.assessmentId) navigate(`${location}?id=${saved.id}`, { replace: true });
        toast({ title: 'Your offline version is saved', description: saved.id === entry.assessmentId ? `"${saved.title}" now has your answers.` : `Saved as "${saved.title}".` });
      } else {
        if (server) store(server);
        toast({ title: 'Kept the server version', description: 'Your offline changes to this assessment were discarded.' });
      }
      await getAssessmentOutbox().remove(entry.assessmentId);
      removeLocalDraft(entry.assessmentId);
      markReplaced(entry.assessmentId);
      setConflicts((current) => current.slice(1));
    } catch (error) {
      toast({ title: 'Could not resolve the conflict', description: getErrorMessage(error), variant: 'destructive' });
    } finally {
      setResolving(false);
    }
  };

  return (
    <Dialog open={conflict !== null} onOpenChange={(open) => (open ? undefined : setConflicts((current) => current.slice(1)))}>
      {conflict ? (
        <ConflictChoice conflict={conflict} isResolving={isResolving} onSettle={(choice) => void settle(choice)} />
      ) : null}
    </Dialog>
  );
}
