import { useMutation } from '@tanstack/react-query';
import { BackupCodesResponseSchema, type VerifySetupInput } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

function verifyTotpSetup(input: VerifySetupInput) {
  return apiRequest('POST', '/api/mfa/totp/verify-setup', input, BackupCodesResponseSchema);
}

/**
 * The status is deliberately NOT refreshed here: the wizard first shows the backup codes and
 * refreshes everything when the user presses Done (otherwise the gate would open before the
 * codes were seen).
 */
export function useVerifyTotpSetup() {
  return useMutation({ mutationFn: verifyTotpSetup });
}
