import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@/contracts/webhooks.ts';
import type { Database } from '../../db/client.ts';
import type { DomainEventMap } from '../../lib/domain-events.ts';
import type { DeliveryRow } from './delivery-store.ts';
import { listSubscribedEndpoints, readSubscriptionState, type EndpointRow } from './endpoint-store.ts';
import { messageIdOf, queueMessage } from './queue-message.ts';

export interface PublishDeps {
  db: Database;
  appUrl: string;
  now: Date;
}

type DataBuilders = { [N in WebhookEventType]: (event: DomainEventMap[N], deps: PublishDeps) => Promise<Record<string, unknown>> };

/** The `data` of each event a receiver gets (docs/webhooks.md lists them): ids, and what it needs to act without a second call. */
const DATA_OF: DataBuilders = {
  'assessment.completed': async (event, deps) => ({
    ...event,
    resultUrl: `${deps.appUrl}/api/v1/assessments/${event.assessmentId}/result`,
  }),
  'action.due': async (event) => ({ ...event }),
  'reassessment.due': async (event) => ({ ...event }),
  // changeId only tells changes apart (the message id, webhook-id, is what a receiver de-duplicates by).
  'subscription.changed': async ({ organizationId, changedAt }, deps) => {
    const state = await readSubscriptionState(deps.db, organizationId);
    return { organizationId, changedAt, status: state?.status ?? 'none', plan: state?.plan ?? null, accessUntil: state?.accessUntil?.toISOString() ?? null };
  },
};

/** A domain event becomes one delivery per enabled endpoint of its organisation that asked for it. */
export async function publishEvent<N extends WebhookEventType>(
  deps: PublishDeps,
  type: N,
  event: DomainEventMap[N],
): Promise<DeliveryRow[]> {
  const endpoints = await listSubscribedEndpoints(deps.db, event.organizationId, type);
  if (endpoints.length === 0) return [];
  const data = await DATA_OF[type](event, deps);
  return queueMessage(deps.db, endpoints, { id: messageIdOf(type, event), type, data, at: deps.now }, deps.now);
}

/** "Send test event": a `webhook.test` message to this endpoint only, through the same queue as every event. */
export async function publishTestEvent(deps: PublishDeps, endpoint: EndpointRow): Promise<DeliveryRow> {
  const message = {
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    type: WEBHOOK_TEST_EVENT,
    data: {
      organizationId: endpoint.organizationId,
      endpointId: endpoint.id,
      message: 'A test event from CIFER: your endpoint received and can verify it.',
    },
    at: deps.now,
  };
  const [delivery] = await queueMessage(deps.db, [endpoint], message, deps.now);
  if (!delivery) throw new Error('test delivery was not queued');
  return delivery;
}
