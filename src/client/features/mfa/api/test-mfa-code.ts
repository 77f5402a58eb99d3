import { useMutation } from '@tanstack/react-query';
import type { MfaTestInput, MfaTestResponse } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** The /mfa-test self-check: changes nothing on the server. */
export function testMfaCode(input: MfaTestInput) {
  return apiRequest<MfaTestResponse>('POST', '/api/mfa/test', input);
}

export function useTestMfaCode() {
  return useMutation({ mutationFn: testMfaCode });
}
