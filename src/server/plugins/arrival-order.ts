import { setImmediate } from 'node:timers';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'immediate': answered as soon as it is read, ahead of the requests waiting their turn. Only the
     * load balancer's probes set it: they say whether the process is alive, not how long the queue is.
     */
    arrivalOrder?: 'immediate';
  }
}

export interface ArrivalQueue {
  /** True when a request may run at once: nobody is waiting and this turn's budget is not spent. */
  tryEnter(): boolean;
  /** Calls `admit` from an immediate once a turn has budget left, after everything that entered before it. */
  enter(admit: () => void): void;
}

/** How long one turn of the event loop runs requests before the next must wait for a later turn. */
const TURN_BUDGET_MS = 5;

/**
 * Requests run in the order they came, in turns of the event loop of at most `budgetMs` each (ADR 249).
 *
 * Node reads every socket that is ready at the start of a turn and runs each request to its end
 * when the work is synchronous, as the embedded database's queries are; new connections are
 * accepted between turns. Under load a turn then lasted as long as fifty requests, and a burst of
 * new connections waited seconds for their first answer. Here a turn runs requests until its budget
 * is spent; later ones wait in a first-come queue, admitted on the next turns, after its poll has
 * accepted new connections. A turn starts with its first request and ends in the check phase (an
 * immediate queued then runs before the admissions queued after it).
 */
export function createArrivalQueue(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): ArrivalQueue {
  const waiting: Array<() => void> = [];
  let turnStartedAt: number | null = null;
  const endTurn = () => {
    turnStartedAt = null;
  };
  function withinBudget(): boolean {
    if (turnStartedAt === null) {
      turnStartedAt = now();
      setImmediate(endTurn);
      return true;
    }
    return now() - turnStartedAt < budgetMs;
  }
  // One immediate per waiting request; each admits whoever is first, so the order is the queue's.
  function admitFirst() {
    if (withinBudget()) waiting.shift()?.();
    else setImmediate(admitFirst);
  }
  return {
    tryEnter: () => waiting.length === 0 && withinBudget(),
    enter(admit) {
      waiting.push(admit);
      setImmediate(admitFirst);
    },
  };
}

/** The first hook of every request: past this turn's budget, it waits for a later turn before any other work is done for it. */
async function arrivalOrderPlugin(app: FastifyInstance, options: { budgetMs?: number }) {
  const queue = createArrivalQueue(options.budgetMs);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.arrivalOrder === 'immediate' || queue.tryEnter()) return;
    await new Promise<void>((resolve) => queue.enter(resolve));
  });
}

export const arrivalOrder = fp(arrivalOrderPlugin, { name: 'arrival-order' });
