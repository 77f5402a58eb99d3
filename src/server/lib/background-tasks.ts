import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (ADR 177): e.g. the password-reset mail, so the
 * answer takes the same time whether or not the address exists. Tasks run one after another in
 * this process, each failure is logged once (through the log-safe serializer) and never reaches
 * the client. `idle()` resolves when the queue is empty (app close, tests).
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    run(name, task) {
      pending += 1;
      tail = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => {
          pending -= 1;
        });
    },
    async idle() {
      while (pending > 0) await tail;
    },
  };
}
