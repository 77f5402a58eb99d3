import type * as OTPAuth from 'otpauth';

/**
 * Codes an authenticator would accept, without waiting out 30-second steps.
 *
 * The server accepts the current step T and the previous one T-1, each step once per user (ADR 030).
 * A journey that enrols and then signs in used to type the current code twice, so the sign-in had
 * to wait up to 30 s for the next step. Claiming T-1 first leaves T free for the next code, so a
 * journey waits only when it needs a third code within one step.
 */

const STEP_MS = 30_000;
/**
 * A code handed out this close to the end of its step could reach the server one step later: refused,
 * or (on the self-check page) reported as a clock one step behind. Typing and a loaded CI machine
 * took more than 2 s.
 */
const SAFETY_MS = 5_000;

const lastClaimedStep = new WeakMap<OTPAuth.TOTP, number>();

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function msLeftInStep(): number {
  return STEP_MS - (Date.now() % STEP_MS);
}

/** Returns once at least SAFETY_MS of the current step is left (waiting for the next step if need be). */
async function withTimeLeftInStep(): Promise<void> {
  if (msLeftInStep() < SAFETY_MS) await sleep(msLeftInStep() + 100);
}

/** The current step's code, with at least SAFETY_MS of the step left (for a check that does not use it up). */
export async function currentCode(totp: OTPAuth.TOTP): Promise<string> {
  await withTimeLeftInStep();
  return totp.generate();
}

/**
 * The oldest code the server still accepts and this journey has not used yet; the caller must
 * submit it (the step counts as claimed). Waits for the next step only when T-1 and T are both spent.
 */
export async function unusedCode(totp: OTPAuth.TOTP): Promise<string> {
  for (;;) {
    await withTimeLeftInStep();
    const current = Math.floor(Date.now() / STEP_MS);
    const last = lastClaimedStep.get(totp) ?? Number.NEGATIVE_INFINITY;
    const step = [current - 1, current].find((candidate) => candidate > last);
    if (step !== undefined) {
      lastClaimedStep.set(totp, step);
      return totp.generate({ timestamp: step * STEP_MS });
    }
    await sleep(msLeftInStep() + 100);
  }
}
