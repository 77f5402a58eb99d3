import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { updateAssessment } from '../api/update-assessment.ts';
import { ASSESSMENTS_KEY } from '../api/list-assessments.ts';
import { writeLocalDraft, type DraftSnapshot } from '../lib/draft-input.ts';

export const AUTOSAVE_DELAY_MS = 800;
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline';

/**
 * Autosave of a draft: every change goes to localStorage at once and to the server after a
 * pause in typing. A failed save (offline, server away) keeps the browser copy marked dirty
 * and retries when the connection returns or on the next change. `stop()` ends it for good
 * (before completing: completion carries the answers itself, and a late save would hit a
 * completed assessment).
 */
export function useDraftAutosave(id: string, snapshot: DraftSnapshot, isInitiallyDirty: boolean) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(isInitiallyDirty ? 'pending' : 'saved');
  const latest = useRef(snapshot);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isFirst = useRef(!isInitiallyDirty);
  const isStopped = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const flush = useCallback(async () => {
    clearTimer();
    if (inFlight.current) await inFlight.current;
    if (isStopped.current) return;
    const sent = latest.current;
    setStatus('saving');
    const attempt = updateAssessment(id, { input: sent.input, currentStep: sent.step, evidenceNotes: sent.evidenceNotes, businessAnswers: sent.businessAnswers })
      .then(() => {
        if (latest.current === sent) {
          writeLocalDraft(id, { ...sent, savedAt: Date.now(), isDirty: false });
          setStatus('saved');
        }
        void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY], exact: false, refetchType: 'none' });
      })
      .catch(() => {
        if (!isStopped.current) setStatus('offline');
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = attempt;
    await attempt;
  }, [id, queryClient]);

  const stop = useCallback(() => {
    isStopped.current = true;
    clearTimer();
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

  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      // Leaving the page with a change still waiting: send it now rather than drop it.
      if (timer.current && !isStopped.current) void flush();
    };
  }, [flush]);

  return { status, flush, stop };
}
