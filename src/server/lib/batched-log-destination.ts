import type { DestinationStream } from 'pino';

/** A pino destination that hands lines to its sink in batches (ADR 262). */
export interface BatchedLogDestination extends DestinationStream {
  /** Hands every waiting line to the sink now; pino calls it after a fatal line. */
  flushSync(): void;
  /** Flushes and stops batching: the timer and the exit hook go, later lines pass straight through. */
  close(): void;
}

/**
 * Gathers lines in an array and passes them to `sink` joined, once `minChars` are waiting, every
 * `flushIntervalMs`, and when the process exits (also by `process.exit`). The sink is pino's own
 * synchronous destination (SonicBoom), which still does the writing: partial writes, EAGAIN and a
 * closed pipe stay its business. Batching in SonicBoom itself (`minLength`) re-measured its whole
 * waiting buffer on every line and did not flush at `process.exit` when synchronous.
 */
export function createBatchedLogDestination(sink: DestinationStream, options: { minChars: number; flushIntervalMs: number }): BatchedLogDestination {
  let waiting: string[] = [];
  let waitingChars = 0;
  let minChars = options.minChars;
  const flushSync = () => {
    if (waiting.length === 0) return;
    const batch = waiting.join('');
    waiting = [];
    waitingChars = 0;
    sink.write(batch);
  };
  const timer = setInterval(flushSync, options.flushIntervalMs);
  timer.unref();
  process.on('exit', flushSync);
  return {
    write(line: string) {
      waiting.push(line);
      waitingChars += line.length;
      if (waitingChars >= minChars) flushSync();
    },
    flushSync,
    close() {
      flushSync();
      clearInterval(timer);
      process.off('exit', flushSync);
      minChars = 0;
    },
  };
}
