import { useQuery } from '@tanstack/react-query';
import { OrganizationLogoResponseSchema } from '@/contracts/reports.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

export const LOGO_KEY = '/api/organization/logo';
export const LOGO_IMAGE_URL = '/api/organization/logo/image';

/** GET /api/organization/logo: the logo's metadata and whether you may change it. */
export function useOrganizationLogo() {
  return useQuery({ queryKey: [LOGO_KEY], queryFn: () => apiRequest('GET', LOGO_KEY, undefined, OrganizationLogoResponseSchema), staleTime: 60_000 });
}
