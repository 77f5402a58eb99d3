import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { CURRENT_USER_QUERY_KEY } from '@/client/lib/current-user.ts';

/** After this device's own session has been ended elsewhere on the page: no user any more, back to log-in. */
export function useForgetSignedInUser() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(() => {
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    navigate('/auth');
  }, [queryClient, navigate]);
}
