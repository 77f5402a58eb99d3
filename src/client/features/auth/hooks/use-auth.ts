import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Role } from '@/contracts/auth.ts';
import { can } from '@/contracts/permissions.ts';
import { apiRequest, getErrorMessage } from '@/client/lib/api-client.ts';
import { toast } from '@/client/hooks/use-toast.ts';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '@/client/lib/current-user.ts';
import { runSignOutCleanups } from '@/client/lib/sign-out-cleanup.ts';

/** Which platform tools the signed-in user's menus offer, from the permission map (ADR 305). */
function platformMenus(role: Role | undefined) {
  if (!role) return { isAdmin: false, isSuperAdmin: false };
  const actor = { platformRole: role, organizationRole: null };
  return { isAdmin: can(actor, 'platform.console'), isSuperAdmin: can(actor, 'platform.super-admin-tools') };
}

/** Spec section 3: the auth state exposes user, isAdmin, logout, isLoggingOut. */
export function useAuth() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;

  const logoutMutation = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      // This device's offline data (queue, drafts, signed-in marker) goes with the session.
      await runSignOutCleanups();
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      navigate('/auth');
    },
    onError: (error) => {
      toast({ title: 'Logout failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });

  return {
    user,
    // Only the first reading shows the loading state: a refetch (focus, mount) after an error
    // must not unmount the page and start a mount-refetch loop.
    isLoading: userQuery.isLoading && !userQuery.isFetched,
    isAuthenticated: Boolean(user) && !userQuery.error,
    ...platformMenus(user?.role),
    logout: () => logoutMutation.mutate(),
    isLoggingOut: logoutMutation.isPending,
  };
}
