import type { Reporter } from 'vitest/node';

/**
 * Fails a vitest run that stopped before it finished. When a global set-up awaits a promise that
 * never settles, Node's event loop drains and vitest's process exits 0 having run no test (seen
 * with PGlite's dumpDataDir before the database had opened, src/server/test/database-template.ts):
 * CI would call that a pass. This reporter turns such an exit into exit code 1 with a message.
 */
export default class RunMustFinish implements Reporter {
  private finished = false;

  onInit() {
    process.once('exit', (code) => {
      if (code !== 0 || this.finished) return;
      console.error('vitest exited before its run finished: no test result can be trusted (a set-up that never settled?)');
      process.exitCode = 1;
    });
  }

  onTestRunEnd() {
    this.finished = true;
  }
}
