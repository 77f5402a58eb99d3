import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LogoContentType, OrganizationLogoResponse } from '@/contracts/reports.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const LOGO_KEY = '/api/organization/logo';
export const LOGO_IMAGE_URL = '/api/organization/logo/image';

export function useOrganizationLogo() {
  return useQuery({ queryKey: [LOGO_KEY], queryFn: () => apiRequest<OrganizationLogoResponse>('GET', LOGO_KEY), staleTime: 60_000 });
}

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { contentType: LogoContentType; dataBase64: string }) => apiRequest<OrganizationLogoResponse>('PUT', LOGO_KEY, body),
    onSuccess: (data) => client.setQueryData([LOGO_KEY], data),
  });
}

export function useDeleteLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', LOGO_KEY),
    onSuccess: () => client.invalidateQueries({ queryKey: [LOGO_KEY] }),
  });
}
