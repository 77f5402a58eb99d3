import type { TotpSetupResponse } from '@/contracts/mfa.ts';

/** The set-up wizard of spec section 4: status -> verify -> complete -> status. */
export type SetupStep = 'status' | 'verify' | 'complete';
/** Actions that need a fresh code first when the server asks for a step-up (security.md decision 5). */
export type SensitiveAction = 'disable' | 'regenerate';

export interface SetupState {
  step: SetupStep;
  /** The QR code and key of a set-up in progress. */
  setup: TotpSetupResponse | null;
  /** Backup codes just generated: the only moment they can be shown. */
  codes: string[] | null;
  showCodes: boolean;
  confirmingDisable: boolean;
  stepUpFor: SensitiveAction | null;
}

export type SetupEvent =
  | { type: 'setupStarted'; setup: TotpSetupResponse }
  | { type: 'setupCancelled' }
  | { type: 'setupVerified'; codes: string[] }
  | { type: 'finished' }
  | { type: 'codesToggled' }
  | { type: 'disableAsked'; open: boolean }
  | { type: 'disabled' }
  | { type: 'regenerated'; codes: string[] }
  | { type: 'stepUpRequired'; action: SensitiveAction }
  | { type: 'stepUpClosed' };

export const INITIAL_SETUP_STATE: SetupState = { step: 'status', setup: null, codes: null, showCodes: false, confirmingDisable: false, stepUpFor: null };

export function setupReducer(state: SetupState, event: SetupEvent): SetupState {
  switch (event.type) {
    case 'setupStarted':
      return { ...state, step: 'verify', setup: event.setup };
    case 'setupCancelled':
      return { ...state, step: 'status' };
    case 'setupVerified':
      return { ...state, step: 'complete', setup: null, codes: event.codes };
    case 'finished':
      return { ...state, step: 'status', showCodes: false };
    case 'codesToggled':
      return { ...state, showCodes: !state.showCodes };
    case 'disableAsked':
      return { ...state, confirmingDisable: event.open };
    case 'disabled':
      return { ...state, step: 'status', codes: null, showCodes: false, confirmingDisable: false };
    case 'regenerated':
      return { ...state, codes: event.codes, showCodes: true };
    case 'stepUpRequired':
      return { ...state, stepUpFor: event.action };
    case 'stepUpClosed':
      return { ...state, stepUpFor: null };
  }
}
