import type { BackgroundTasks } from './background-tasks.ts';

/** What one feature tells the others without importing them (features never import each other). */
export interface DomainEventMap {
  /** A draft became a completed assessment of the organisation. */
  'assessment.completed': { organizationId: string; assessmentId: string };
}

export type DomainEventName = keyof DomainEventMap;
type Listener<N extends DomainEventName> = (event: DomainEventMap[N]) => Promise<void>;

/**
 * In-process notifications between features (ADR 127). A listener runs as a background task
 * (ADR 177) after the emitting request has answered: it can never slow that answer down or fail
 * it, and its failure is logged once. Listeners only prepare work another request would otherwise
 * do (e.g. warming a cache), so an instance that missed an event (another instance completed the
 * assessment) does that work on demand as before.
 */
export interface DomainEvents {
  on<N extends DomainEventName>(name: N, listener: Listener<N>): void;
  emit<N extends DomainEventName>(name: N, event: DomainEventMap[N]): void;
}

export function createDomainEvents(tasks: BackgroundTasks): DomainEvents {
  const listeners = new Map<DomainEventName, Array<Listener<DomainEventName>>>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<DomainEventName>]);
    },
    emit(name, event) {
      for (const listener of listeners.get(name) ?? []) tasks.run(name, () => listener(event));
    },
  };
}
