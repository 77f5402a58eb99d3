import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { toast } from '@/client/hooks/use-toast.ts';
import { currentUserQueryOptions, hasSessionHint } from '@/client/lib/current-user.ts';
import { createQueryClient } from '@/client/lib/query-client.ts';

/** Spec section 8: 'Payment Required' and /subscribe whenever the server answers 402. */
function sendToSubscribe() {
  if (window.location.pathname === '/subscribe') return;
  toast({ title: 'Payment Required', description: 'Please complete your subscription to access CIFER.', variant: 'destructive' });
  navigate('/subscribe');
}

/**
 * The app's query client, with the session check already started when the session hint is present
 * (ADR 126): the entry creates it before the first render, so the shell's own query (same options)
 * finds the request under way instead of starting it after the whole tree has rendered and
 * committed. Without the hint the query answers "signed out" without a request anyway.
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient({ onPaymentRequired: sendToSubscribe });
  if (hasSessionHint()) void client.prefetchQuery(currentUserQueryOptions());
  return client;
}
