import type { ApiTokenScope, CreatedApiToken } from '@/contracts/api-tokens.ts';
import type { V1Assessment } from '@/contracts/public-api.ts';
import { SAMPLE_CLINIC_INPUT } from '@/engine/sample-inputs.ts';
import { call } from './helpers.ts';
import type { Caller } from './organization-members.ts';
import type { TestApp } from './test-app.ts';

/**
 * Calls of the public API (/api/v1) as an integration makes them, for its tests: a token issued
 * through the app's own token routes, then bearer requests with no cookie and no Origin.
 */
export async function issueToken(t: TestApp, caller: Caller, options: { scopes?: ApiTokenScope[]; kind?: 'personal' | 'organization' } = {}): Promise<string> {
  const url = options.kind === 'organization' ? `/api/organizations/${caller.organizationId}/tokens` : '/api/account/tokens';
  const response = await call(t, caller.cookie, 'POST', url, { name: 'Public API test', scopes: options.scopes ?? ['read', 'write'] });
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.body}`);
  return response.json<CreatedApiToken>().secret;
}

export function withToken(t: TestApp, secret: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, options: { payload?: object; headers?: Record<string, string> } = {}) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...options.headers }, ...(options.payload ? { payload: options.payload as Record<string, unknown> } : {}) });
}

/** A completed assessment made through /api/v1 with a write token. */
export async function completeThroughApi(t: TestApp, secret: string, title: string): Promise<V1Assessment> {
  const created = await withToken(t, secret, 'POST', '/api/v1/assessments', { payload: { title, input: SAMPLE_CLINIC_INPUT } });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.body}`);
  const completed = await withToken(t, secret, 'POST', `/api/v1/assessments/${created.json<V1Assessment>().id}/complete`);
  if (completed.statusCode !== 200) throw new Error(`complete failed: ${completed.body}`);
  return completed.json<V1Assessment>();
}
