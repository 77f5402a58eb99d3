import { expect, test } from 'vitest';
import { INITIAL_SETUP_STATE, setupReducer, type SetupEvent, type SetupState } from './setup-state.ts';

const run = (...events: SetupEvent[]): SetupState => events.reduce(setupReducer, INITIAL_SETUP_STATE);
const setup = { qrCodeUri: 'otpauth://totp/x', manualEntryKey: 'KEY' };

test('the wizard goes status -> verify -> complete -> status and forgets the set-up key once verified', () => {
  const verifying = run({ type: 'setupStarted', setup });
  expect(verifying).toMatchObject({ step: 'verify', setup });
  const complete = setupReducer(verifying, { type: 'setupVerified', codes: ['AAAA2222'] });
  expect(complete).toMatchObject({ step: 'complete', setup: null, codes: ['AAAA2222'] });
  expect(setupReducer(complete, { type: 'finished' })).toMatchObject({ step: 'status', showCodes: false, codes: ['AAAA2222'] });
});

test('Cancel Setup returns to status; disabling clears the codes and closes the confirmation', () => {
  expect(run({ type: 'setupStarted', setup }, { type: 'setupCancelled' }).step).toBe('status');
  const disabled = run({ type: 'regenerated', codes: ['X'] }, { type: 'disableAsked', open: true }, { type: 'disabled' });
  expect(disabled).toMatchObject({ step: 'status', codes: null, showCodes: false, confirmingDisable: false });
});

test('regenerating shows the new codes; a step-up remembers which action to resume', () => {
  expect(run({ type: 'regenerated', codes: ['B'] })).toMatchObject({ codes: ['B'], showCodes: true });
  expect(run({ type: 'stepUpRequired', action: 'disable' }).stepUpFor).toBe('disable');
  expect(run({ type: 'stepUpRequired', action: 'disable' }, { type: 'stepUpClosed' }).stepUpFor).toBeNull();
});
