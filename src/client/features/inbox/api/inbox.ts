import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InboxItemSchema, InboxSchema, type Inbox, type InboxItem, type UpdateInboxItemInput } from '@/contracts/inbox.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const INBOX_QUERY_KEY = ['/api/admin/inbox'] as const;

function getInbox(): Promise<Inbox> {
  return apiRequest('GET', '/api/admin/inbox', undefined, InboxSchema);
}

export function useInbox() {
  return useQuery(queryOptions({ queryKey: INBOX_QUERY_KEY, queryFn: getInbox }));
}

function updateInboxItem({ id, change }: { id: string; change: UpdateInboxItemInput }): Promise<InboxItem> {
  return apiRequest('PATCH', `/api/admin/inbox/${encodeURIComponent(id)}`, change, InboxItemSchema);
}

export function useUpdateInboxItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInboxItem, onSuccess: () => queryClient.invalidateQueries({ queryKey: INBOX_QUERY_KEY }) });
}
