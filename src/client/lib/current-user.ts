import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/contracts/auth.ts';
import { checkResponse, getQueryFn } from './api-client.ts';
import { offlineUserFallback, rememberCurrentUser } from './offline-session.ts';

export const CURRENT_USER_QUERY_KEY = ['/api/auth/user'] as const;

/** Set by the server beside the HttpOnly session cookie; it holds no secret, only "a session may exist". */
const SESSION_HINT_COOKIE = 'cifer_signed_in';

export function hasSessionHint(cookieString: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookieString.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

const fetchCurrentUserUnchecked = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/**
 * This module is in the landing page's first load, so the contract check of ADR 062 loads its schema
 * (and zod) on demand, in development and tests only: a static import put zod in the entry file.
 */
async function fetchCurrentUser(context: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<CurrentUser | null> {
  const user = await fetchCurrentUserUnchecked(context);
  if (user !== null && (import.meta.env.DEV || import.meta.env.MODE === 'test')) {
    const { CurrentUserSchema } = await import('@/contracts/auth.ts');
    checkResponse(CURRENT_USER_QUERY_KEY[0], user, CurrentUserSchema);
  }
  return user;
}

/**
 * A visitor without the hint is signed out: no request, so no 401 in the console. With no
 * connection, the user this device last saw signed in (ADR 161) lets the installed app open its
 * shell; the next answer from the server replaces or clears that.
 */
export async function getCurrentUser(context: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<CurrentUser | null> {
  if (!hasSessionHint()) {
    rememberCurrentUser(null);
    return null;
  }
  try {
    const user = await fetchCurrentUser(context);
    rememberCurrentUser(user);
    return user;
  } catch (error) {
    const offlineUser = offlineUserFallback(error);
    if (offlineUser) return offlineUser;
    throw error;
  }
}

/** Spec sections 7 and 9: fresh 30 s, cached 5 min, no retry, refetched on focus, mount and reconnect; a 401 means signed out (null). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: getCurrentUser,
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchOnReconnect: true,
    // Run even when the browser reports offline, so the offline reading above can answer.
    networkMode: 'always',
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
