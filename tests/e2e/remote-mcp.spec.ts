import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test } from '@playwright/test';
import { MemoryOAuthProvider } from '../../src/server/features/oauth/oauth-test-support.ts';
import { acceptCookies } from '../support/business-leader.ts';
import { expectNoHorizontalOverflow, PHONE_VIEWPORT } from '../support/no-horizontal-overflow.ts';
import { signUpWithMfa } from '../support/sign-up-with-mfa.ts';
import { expectNoSeriousAxeViolations } from '../support/axe.ts';

/**
 * Remote MCP with OAuth end to end (ADR 294), as a person adds CIFER to an assistant by its URL:
 * the official MCP SDK client (here, in the test process) is refused by /mcp, discovers CIFER's
 * authorization server, registers itself and sends the browser to the consent page; the signed-in
 * person chooses the organisation and allows it; the browser returns to the assistant's loopback
 * callback with the code; the assistant lists its tools; the person disconnects it in /account and
 * the assistant is refused.
 */

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots';
const COMPANY = 'Larkspur Analytics';

/** The assistant's loopback callback (RFC 8252): it keeps the code the browser brings back. */
async function startCallback(): Promise<{ url: string; code: Promise<string>; close(): void }> {
  let deliver: (code: string) => void = () => undefined;
  const code = new Promise<string>((resolve) => (deliver = resolve));
  const server: Server = createServer((request, response) => {
    const received = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('code');
    response.writeHead(200, { 'content-type': 'text/plain' }).end('CIFER is connected. You can close this window.');
    if (received) deliver(received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, code, close: () => server.close() };
}

test('an assistant added by URL: consent in the browser, tools listed, disconnected in /account, then refused', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signUpWithMfa(page, `assistant-${Date.now()}@example.com`, { firstName: 'Ava', lastName: 'Connector', company: COMPANY });
  await acceptCookies(page);

  const callback = await startCallback();
  const provider = new MemoryOAuthProvider(callback.url, { client_name: 'Claude (test)' });
  const mcpUrl = new URL('/mcp', baseURL);
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  await expect(new Client({ name: 'assistant', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl?.origin).toBe(new URL(baseURL!).origin);

  // The browser opens the authorization URL and lands on the consent page.
  await page.goto(provider.authorizationUrl!.href);
  const consent = page.getByTestId('consent-card');
  await expect(consent.getByText('Connect “Claude (test)” to CIFER?')).toBeVisible();
  await expect(consent.getByText('127.0.0.1', { exact: false }).first()).toBeVisible();
  await expect(consent.getByLabel('Organisation it acts in')).toContainText(COMPANY);
  await expect(consent.getByRole('checkbox', { name: /Write/ })).toBeChecked();
  await expectNoSeriousAxeViolations(page, 'consent');
  await page.screenshot({ path: `${SHOTS}/consent-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, 'consent at 390');
  await page.screenshot({ path: `${SHOTS}/consent-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await consent.getByRole('button', { name: 'Allow' }).click();
  const code = await callback.code;
  await expect(page.getByText('CIFER is connected.')).toBeVisible();
  callback.close();

  await first.finishAuth(code);
  const client = new Client({ name: 'assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('list_assessments');
  expect((await client.callTool({ name: 'list_assessments', arguments: {} })).isError).toBeFalsy();

  await page.goto('/account');
  const card = page.getByTestId('connected-assistants');
  const item = card.getByRole('listitem', { name: 'Claude (test)' });
  await expect(item.getByText('Read and Write')).toBeVisible();
  await expect(item.getByText(`Acts in ${COMPANY}`, { exact: false })).toBeVisible();
  await expect(item.getByText('last used', { exact: false })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/connected-assistants-1280.png` });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoHorizontalOverflow(page, '/account assistants at 390');
  await card.screenshot({ path: `${SHOTS}/connected-assistants-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await item.getByRole('button', { name: 'Disconnect Claude (test)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect “Claude (test)”?' });
  await expectNoSeriousAxeViolations(page, 'disconnect dialog');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('No assistant is connected.', { exact: false })).toBeVisible();

  // Refused at once: its token, and the SDK, whose refresh is refused too and which must ask the person again.
  const refused = await fetch(mcpUrl, { method: 'POST', headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
  expect(refused.status).toBe(401);
  provider.authorizationUrl = null;
  await expect(client.listTools()).rejects.toThrow();
  expect(provider.authorizationUrl).not.toBeNull();
  await client.close();
});
