import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminActionResponse,
  AdminAuditPage,
  AdminOrganizationDetail,
  AdminOrganizationList,
  AdminUserDetail,
  AdminUserList,
  AuditQuery,
  PlatformRole,
} from '@/contracts/admin.ts';
import { apiRequest, buildUrlFromQueryKey, type QueryParams } from '@/client/lib/api-client.ts';

export const ADMIN_USERS_PATH = '/api/admin/users';
export const ADMIN_AUDIT_PATH = '/api/admin/audit';
export const ADMIN_ORGANIZATIONS_PATH = '/api/admin/organizations';

export interface UserFilters extends QueryParams {
  q: string;
  role: string;
  status: string;
  mfa: string;
  lastSignIn: string;
  page: number;
}

export function useAdminUsers(filters: UserFilters) {
  return useQuery<AdminUserList>({ queryKey: [ADMIN_USERS_PATH, filters], placeholderData: keepPreviousData });
}

export function useAdminUser(userId: string | null) {
  return useQuery<AdminUserDetail>({ queryKey: [`${ADMIN_USERS_PATH}/${userId ?? ''}`], enabled: userId !== null, staleTime: 0 });
}

export type UserAction = 'disable' | 'enable' | 'reset-mfa' | 'revoke-sessions' | 'unlock';

/** Every account action refreshes the lists, the detail and the audit log. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action, body }: { userId: string; action: UserAction | 'role' | 'partner'; body?: { role: PlatformRole } | { partner: boolean } }) =>
      apiRequest<AdminActionResponse>('POST', `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}/${action}`, body ?? {}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/') });
    },
  });
}

/** The admin's own fresh code (step-up) before a two-factor reset. */
export function useConfirmOwnCode() {
  return useMutation({ mutationFn: (code: string) => apiRequest('POST', '/api/mfa/verify', { type: 'totp', code }) });
}

export type AuditFilters = Required<Pick<AuditQuery, 'page'>> & { actor: string; target: string; action: string; from: string; to: string } & QueryParams;

export function useAuditLog(filters: AuditFilters) {
  return useQuery<AdminAuditPage>({ queryKey: [ADMIN_AUDIT_PATH, filters], placeholderData: keepPreviousData });
}

export function auditCsvUrl(filters: AuditFilters): string {
  const { page: _page, ...rest } = filters;
  return buildUrlFromQueryKey([`${ADMIN_AUDIT_PATH}.csv`, rest]);
}

export function useAdminOrganizations(q: string, page: number) {
  return useQuery<AdminOrganizationList>({ queryKey: [ADMIN_ORGANIZATIONS_PATH, { q, page }], placeholderData: keepPreviousData });
}

export function useAdminOrganization(id: string | null) {
  return useQuery<AdminOrganizationDetail>({ queryKey: [`${ADMIN_ORGANIZATIONS_PATH}/${id ?? ''}`], enabled: id !== null });
}
