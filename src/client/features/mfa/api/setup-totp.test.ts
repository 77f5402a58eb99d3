import { afterEach, expect, test, vi } from 'vitest';
import { ContractDriftError } from '@/client/lib/api-client.ts';
import { setupTotp } from './setup-totp.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the endpoint wrapper checks the answer against its contract: a drifted server fails the call', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ qrCodeUri: 'otpauth://totp/x', manualEntryKey: 42 }), { status: 200 })));
  await expect(setupTotp()).rejects.toBeInstanceOf(ContractDriftError);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ qrCodeUri: 'otpauth://totp/x', manualEntryKey: 'JBSWY3DPEHPK3PXP' }), { status: 200 })));
  await expect(setupTotp()).resolves.toEqual({ qrCodeUri: 'otpauth://totp/x', manualEntryKey: 'JBSWY3DPEHPK3PXP' });
});
