import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssessmentStep, DraftRiskInput } from '@/contracts/assessments.ts';
import { updateAssessment } from '../api/update-assessment.ts';
import { ASSESSMENTS_KEY } from '../api/list-assessments.ts';
import { writeLocalDraft } from '../lib/draft-input.ts';

export const AUTOSAVE_DELAY_MS = 800;
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'offline';

/**
 * Autosave of a draft: every change goes to localStorage at once and to the server after a
 * pause in typing. A failed save (offline, server away) keeps the browser copy marked dirty
 * and retries when the connection returns or on the next change.
 */
export function useDraftAutosave(id: string, input: DraftRiskInput, step: AssessmentStep, isInitiallyDirty: boolean) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(isInitiallyDirty ? 'pending' : 'saved');
  const latest = useRef({ input, step });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isFirst = useRef(!isInitiallyDirty);
  const inFlight = useRef<Promise<void> | null>(null);

  const flush = useCallback(async (override?: { input: DraftRiskInput; step: AssessmentStep }) => {
    if (override) latest.current = override;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    if (inFlight.current) await inFlight.current;
    const snapshot = latest.current;
    setStatus('saving');
    const attempt = updateAssessment(id, { input: snapshot.input, currentStep: snapshot.step })
      .then(() => {
        if (latest.current === snapshot) {
          writeLocalDraft(id, { input: snapshot.input, step: snapshot.step, savedAt: Date.now(), isDirty: false });
          setStatus('saved');
        }
        void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_KEY], exact: false, refetchType: 'none' });
      })
      .catch(() => {
        setStatus('offline');
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = attempt;
    await attempt;
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
    const onOnline = () => void flush();
    // (no override: the latest edit is sent)
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      // Leaving the page with a change still waiting: send it now rather than drop it.
      if (timer.current) void flush();
    };
  }, [flush]);

  return { status, flush };
}
