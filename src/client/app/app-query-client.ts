import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { toast } from '@/client/hooks/use-toast.ts';
import { currentUserQueryOptions } from '@/client/lib/current-user.ts';
import { createQueryClient } from '@/client/lib/query-client.ts';

/** Spec section 8: 'Payment Required' and /subscribe whenever the server answers 402. */
function sendToSubscribe() {
  if (window.location.pathname === '/subscribe') return;
  toast({ title: 'Payment Required', description: 'Please complete your subscription to access CIFER.', variant: 'destructive' });
  navigate('/subscribe');
}

/**
 * The app's query client, with the session check already started (ADR 126): the entry creates it
 * before the first render, so the shell's own query (same options) finds the request under way
 * instead of starting it after the whole tree has rendered and committed. Without the session hint
 * the check answers "signed out" at once, without a request; it is still taken here, not when the
 * shell mounts: the first render is a transition (ADR 165) and may commit only after a sign-in in
 * another tab has begun, and a check sent then with the password-only token could reach the server
 * after the second factor replaced that token, and its 401 would clear the new session's cookies.
 */
export function createAppQueryClient(): QueryClient {
  const client = createQueryClient({ onPaymentRequired: sendToSubscribe });
  void client.prefetchQuery(currentUserQueryOptions());
  return client;
}
