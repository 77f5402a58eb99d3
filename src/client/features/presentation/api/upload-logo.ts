import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrganizationLogoResponseSchema, type LogoContentType } from '@/contracts/reports.ts';
import { apiRequest } from '@/client/lib/api-client.ts';
import { LOGO_KEY } from './get-organization-logo.ts';

/** PUT /api/organization/logo */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { contentType: LogoContentType; dataBase64: string }) => apiRequest('PUT', LOGO_KEY, body, OrganizationLogoResponseSchema),
    onSuccess: (data) => client.setQueryData([LOGO_KEY], data),
  });
}
