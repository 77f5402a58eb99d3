/**
 * The frame of a test that runs as a script, not under Vitest (tests/faults/run.ts,
 * tests/deploy/follow-the-guide.ts): named checks and figures, the child processes it started, a
 * watchdog that kills them and cleans up when the script runs out of time, and HTTP probes that
 * never throw.
 */
import type { ChildProcess } from 'node:child_process';
import { httpRequest } from '../../scripts/cluster.ts';

export const sleep = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));

export interface ScriptHarness {
  /** What failed, by name; the script exits 1 when any did. */
  readonly failures: string[];
  /** Rows of the Markdown table the script prints at the end (docs/benchmarks.md). */
  readonly figures: [string, string][];
  check(ok: boolean, what: string): void;
  /** Keeps a child so that clean-up and the watchdog stop it. */
  track<Child extends ChildProcess>(child: Child): Child;
  /** The script's own clean-up (databases, keys, nginx), run after the children are stopped. */
  onCleanUp(cleanUp: () => Promise<void>): void;
  /** SIGTERM to every running child, up to `graceMs` to leave (they drain and flush logs), then SIGKILL; then the script's clean-up. */
  cleanUp(graceMs?: number): Promise<void>;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function scriptHarness(name: string, timeoutSeconds: number): ScriptHarness {
  const children: ChildProcess[] = [];
  const failures: string[] = [];
  let ownCleanUp: () => Promise<void> = async () => {};
  const cleanUp = async (graceMs = 5_000) => {
    for (const child of children) if (running(child)) child.kill('SIGTERM');
    for (let waited = 0; waited < graceMs && children.some(running); waited += 100) await sleep(100);
    for (const child of children) if (running(child)) child.kill('SIGKILL');
    await ownCleanUp();
  };
  const watchdog = setTimeout(() => {
    console.error(`${name}: out of time`);
    for (const child of children) child.kill('SIGKILL');
    setTimeout(() => process.exit(1), 10_000).unref();
    void ownCleanUp().finally(() => process.exit(1));
  }, timeoutSeconds * 1_000);
  watchdog.unref();
  return {
    failures,
    figures: [],
    check(ok, what) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    },
    track(child) {
      children.push(child);
      return child;
    },
    onCleanUp(fn) {
      ownCleanUp = fn;
    },
    cleanUp,
  };
}

/** An HTTP answer with its time; status 0 when the request failed or timed out. */
export async function status(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const started = performance.now();
  try {
    const answer = await httpRequest(url, { ...init, timeoutMs: 15_000 });
    return { ...answer, ms: performance.now() - started };
  } catch {
    return { status: 0, headers: {} as Record<string, string | string[] | undefined>, body: '', ms: performance.now() - started };
  }
}

/** Polls `probe` until it holds (the time it took), or throws after `limitMs` or once `gone` settles (a process that exited). */
export async function waitFor(what: string, probe: () => Promise<boolean>, limitMs: number, gone?: Promise<unknown>): Promise<number> {
  const started = performance.now();
  let exited = false;
  void gone?.then(() => (exited = true));
  while (performance.now() - started < limitMs && !exited) {
    if (await probe()) return performance.now() - started;
    await sleep(50);
  }
  throw new Error(`${what}: ${exited ? 'the process exited' : `not within ${limitMs} ms`}`);
}
