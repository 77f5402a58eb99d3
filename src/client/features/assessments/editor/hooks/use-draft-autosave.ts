import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@/contracts/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { ASSESSMENTS_KEY } from '../../shared/api/list-assessments.ts';
import { writeLocalDraft, type DraftSnapshot } from '../../shared/lib/draft-input.ts';
import { getAssessmentOutbox, saveDraftOrQueue } from '../../shared/offline/assessment-outbox.ts';

const AUTOSAVE_DELAY_MS = 800;
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline';
type FlushOutcome = 'saved' | 'queued' | 'failed' | 'stopped';

/**
 * Autosave of a draft: every change goes to localStorage at once and to the server after a
 * pause in typing. With no connection the change is queued in IndexedDB (offline/, ADR 162)
 * and the app's offline sync sends it when the connection returns; another failed save keeps
 * the browser copy marked dirty and retries on the next change. `stop()` ends it for good
 * and waits for a save in flight (before completing: completion carries the answers itself, and
 * a late save would hit a completed assessment).
 */
export function useDraftAutosave(id: string, snapshot: DraftSnapshot, isInitiallyDirty: boolean) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(isInitiallyDirty ? 'pending' : 'saved');
  const latest = useRef(snapshot);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isFirst = useRef(!isInitiallyDirty);
  const isStopped = useRef(false);
  const inFlight = useRef<Promise<unknown> | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const flush = useCallback(async (): Promise<FlushOutcome> => {
    clearTimer();
    if (inFlight.current) await inFlight.current;
    if (isStopped.current) return 'stopped';
    const sent = latest.current;
    setStatus('saving');
    const userId = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id;
    const attempt: Promise<FlushOutcome> = saveDraftOrQueue(id, sent, userId)
      .then((outcome) => {
        if (outcome === 'queued') {
          if (latest.current === sent) setStatus('offline');
          return outcome;
        }
        if (latest.current === sent) {
          writeLocalDraft(id, { ...sent, savedAt: Date.now(), isDirty: false });
          setStatus('saved');
        }
        void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY], exact: false, refetchType: 'none' });
        return outcome;
      })
      .catch((): FlushOutcome => {
        if (!isStopped.current) setStatus('offline');
        return 'failed';
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = attempt;
    return attempt;
  }, [id, queryClient]);

  // Waits for a save already sent: it must reach the server before the completion does, or it
  // arrives at a completed assessment (a 409) after the user saw the results.
  const stop = useCallback(async (): Promise<void> => {
    isStopped.current = true;
    clearTimer();
    if (inFlight.current) await inFlight.current;
  }, []);

  useEffect(() => {
    latest.current = snapshot;
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    if (isStopped.current) return;
    writeLocalDraft(id, { ...snapshot, savedAt: Date.now(), isDirty: true });
    setStatus('pending');
    clearTimer();
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [id, snapshot, flush]);

  useSavedOnceOutboxSent(id, setStatus);
  useEffect(
    () => () => {
      // Leaving the page with a change still waiting: send it now rather than drop it.
      if (timer.current && !isStopped.current) void flush();
    },
    [id, flush],
  );

  return { status, flush, stop };
}

/** Queued changes are sent by the offline sync; once this draft's have gone, it is saved. */
function useSavedOnceOutboxSent(id: string, setStatus: Dispatch<SetStateAction<SaveStatus>>) {
  useEffect(() => {
    const outbox = getAssessmentOutbox();
    return outbox.subscribe(() => {
      void outbox.has(id).then((queued) => {
        if (!queued) setStatus((current) => (current === 'offline' ? 'saved' : current));
      });
    });
  }, [id, setStatus]);
}
