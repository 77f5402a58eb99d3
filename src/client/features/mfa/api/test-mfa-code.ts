import { useMutation } from '@tanstack/react-query';
import { MfaTestResponseSchema, type MfaTestInput } from '@/contracts/mfa.ts';
import { apiRequest } from '@/client/lib/api-client.ts';

/** The /mfa-test self-check: changes nothing on the server. */
function testMfaCode(input: MfaTestInput) {
  return apiRequest('POST', '/api/mfa/test', input, MfaTestResponseSchema);
}

export function useTestMfaCode() {
  return useMutation({ mutationFn: testMfaCode });
}
