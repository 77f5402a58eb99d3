import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOutboxEmail } from '@/contracts/admin.ts';

const OUTBOX_PATH = '/api/admin/outbox';

function outboxQueryOptions(limit = 50) {
  return queryOptions<AdminOutboxEmail[]>({ queryKey: [OUTBOX_PATH, { limit }], staleTime: 0 });
}

/** GET /api/admin/outbox: the newest e-mails with their full text. */
export function useOutbox(limit = 50) {
  return useQuery(outboxQueryOptions(limit));
}
