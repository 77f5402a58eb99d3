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
  /** Calls `admit` on a later turn of the event loop, after everything that entered before it. */
  enter(admit: () => void): void;
}

/**
 * Admits one waiting request per turn of the event loop, first come, first served (ADR 249).
 *
 * Node reads every socket that is ready at the start of a turn and runs each request to its end
 * when the work is synchronous, as the embedded database's queries are; it also accepts one new
 * connection per turn. Under load a turn then lasts as long as fifty requests: a new connection
 * waited seconds for its first answer, and a request whose bytes arrived just after the read was
 * listed by epoll (level-triggered) behind the sockets of the turn before, answered two turns later.
 * One request per turn keeps turns as short as one request, so connections are accepted and
 * requests answered in the order they came. The next admission is scheduled before this one
 * runs: an immediate queued from inside the check phase runs on the next turn, after its poll.
 */
export function createArrivalQueue(): ArrivalQueue {
  const queue: Array<() => void> = [];
  let scheduled = false;
  function admitNext() {
    const admit = queue.shift();
    if (queue.length > 0) setImmediate(admitNext);
    else scheduled = false;
    admit?.();
  }
  return {
    enter(admit) {
      queue.push(admit);
      if (scheduled) return;
      scheduled = true;
      setImmediate(admitNext);
    },
  };
}

/** The first hook of every request: it waits for its turn before any other work is done for it. */
async function arrivalOrderPlugin(app: FastifyInstance) {
  const queue = createArrivalQueue();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.arrivalOrder === 'immediate') return;
    await new Promise<void>((resolve) => queue.enter(resolve));
  });
}

export const arrivalOrder = fp(arrivalOrderPlugin, { name: 'arrival-order' });
