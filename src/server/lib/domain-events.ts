import type { BackgroundTasks } from './background-tasks.ts';

/** What one feature tells the others without importing them (features never import each other). */
export interface DomainEventMap {
  /** A draft became a completed assessment of the organisation. */
  'assessment.completed': { organizationId: string; assessmentId: string };
  /** A reminder went out: an open action of the plan is due soon (`overdue` false) or past its due date. */
  'action.due': { organizationId: string; actionId: string; title: string; dueDate: string; overdue: boolean };
  /** A reminder went out: the organisation's next reassessment is due soon or overdue. */
  'reassessment.due': { organizationId: string; dueDate: string; overdue: boolean; lastCompletedAt: string };
  /**
   * An organisation's subscription moved (Stripe event, invoice-mode change by hand, or a claimed
   * purchase); its state is read from the database. `changeId` names the change (the Stripe event's
   * id, else a new random id), so two changes in one millisecond are two webhook messages while a
   * Stripe event handled twice is still one.
   */
  'subscription.changed': { organizationId: string; changedAt: string; changeId: string };
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
