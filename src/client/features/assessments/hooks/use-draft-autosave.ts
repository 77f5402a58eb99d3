import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import type { CurrentUser } from '@/contracts/auth.ts';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';
import { ASSESSMENTS_KEY } from '../api/list-assessments.ts';
import { writeLocalDraft } from '../lib/draft-input.ts';
import { getAssessmentOutbox, saveDraftOrQueue } from '../offline/assessment-outbox.ts';

export const AUTOSAVE_DELAY_MS = 800;
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline';
export type FlushOutcome = 'saved' | 'queued' | 'failed';

/**
 * Autosave of a draft: every change goes to localStorage at once and to the server after a
 * pause in typing. With no connection the change is queued in IndexedDB (offline/, ADR 162)
 * and the app's offline sync sends it when the connection returns; another failed save keeps
 * the browser copy marked dirty and retries on the next change.
 */
export function useDraftAutosave(id: string, input: DraftRiskInput, step: AssessmentStep, isInitiallyDirty: boolean) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(isInitiallyDirty ? 'pending' : 'saved');
  const latest = useRef({ input, step });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isFirst = useRef(!isInitiallyDirty);
  const inFlight = useRef<Promise<void> | null>(null);

  const flush = useCallback(async (override?: { input: DraftRiskInput; step: AssessmentStep }): Promise<FlushOutcome> => {
    if (override) latest.current = override;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (inFlight.current) await inFlight.current;
    const snapshot = latest.current;
    setStatus('saving');
    const userId = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY)?.id;
    const attempt: Promise<FlushOutcome> = saveDraftOrQueue(id, snapshot, userId)
      .then((outcome) => {
        if (outcome === 'queued') {
          if (latest.current === snapshot) setStatus('offline');
          return outcome;
        }
        if (latest.current === snapshot) {
          writeLocalDraft(id, { input: snapshot.input, step: snapshot.step, savedAt: Date.now(), isDirty: false });
          setStatus('saved');
        }
        void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY], exact: false, refetchType: 'none' });
        return outcome;
      })
      .catch((): FlushOutcome => {
        setStatus('offline');
        return 'failed';
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = attempt.then(() => undefined);
    return attempt;
  }, [id, queryClient]);

  useEffect(() => {
    latest.current = { input, step };
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    writeLocalDraft(id, { input, step, savedAt: Date.now(), isDirty: true });
    setStatus('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [id, input, step, flush]);

  useEffect(() => {
    // Queued changes are sent by the offline sync; once this draft's have gone, it is saved.
    const outbox = getAssessmentOutbox();
    const unsubscribe = outbox.subscribe(() => {
      void outbox.has(id).then((queued) => {
        if (!queued) setStatus((current) => (current === 'offline' ? 'saved' : current));
      });
    });
    return () => {
      unsubscribe();
      // Leaving the page with a change still waiting: send it now rather than drop it.
      if (timer.current) void flush();
    };
  }, [id, flush]);

  return { status, flush };
}
