import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_SEED } from '@/engine/assess-risk.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import type { EngineRequest } from '../workers/engine-messages.ts';
import { ResultsWithWhatIf } from './results-with-what-if.tsx';

/** Records what the page asks the engine worker; never answers (the answers are not under test here). */
class RecordingWorker {
  static requests: EngineRequest[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  postMessage(request: EngineRequest) {
    RecordingWorker.requests.push(request);
  }
  terminate() {}
}

describe('ResultsWithWhatIf: the change handler stays one function (ADR 315)', () => {
  beforeEach(() => {
    RecordingWorker.requests = [];
    vi.stubGlobal('Worker', RecordingWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  test('each change builds on the answers of the changes before it, and after a discard on the saved answers', () => {
    render(<ResultsWithWhatIf input={SAMPLE_CLINIC_INPUT} savedResult={null} seed={DEFAULT_SEED} />);
    const select = (id: string) => document.getElementById(`whatif-${id}`) as HTMLSelectElement;
    const lastAnswers = () => RecordingWorker.requests.at(-1)?.input.factors ?? {};

    fireEvent.change(select('M2'), { target: { value: 'best' } });
    fireEvent.change(select('M4'), { target: { value: 'best' } });
    expect(lastAnswers()).toMatchObject({ M2: 'best', M4: 'best' });
    expect(select('M2').value).toBe('best');
    expect(select('M4').value).toBe('best');

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    fireEvent.change(select('M7'), { target: { value: 'best' } });
    expect(lastAnswers()).toEqual({ ...SAMPLE_CLINIC_INPUT.factors, M7: 'best' });
    expect(select('M2').value).toBe(SAMPLE_CLINIC_INPUT.factors.M2 ?? 'partial');
  });
});

