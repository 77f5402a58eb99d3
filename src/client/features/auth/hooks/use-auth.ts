import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest, getErrorMessage } from '@/client/lib/api-client.ts';
import { toast } from '@/client/hooks/use-toast.ts';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '@/client/lib/current-user.ts';
import { runSignOutCleanups } from '@/client/lib/sign-out-cleanup.ts';

function isAdminRole(role: string | undefined | null): boolean {
  return role === 'admin' || role === 'super_admin';
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
    isAdmin: isAdminRole(user?.role),
    logout: () => logoutMutation.mutate(),
    isLoggingOut: logoutMutation.isPending,
  };
}
