import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './test-app.ts';

/** Test apps on a loopback port, for clients that speak real HTTP to them (the MCP SDK's, a SCIM client). */

/** The app on a loopback port (once per app). */
export async function listeningUrl(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A free loopback port, found by listening on port 0 and letting it go. */
export async function freeLoopbackPort(): Promise<number> {
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A test app listening on loopback at the address its APP_URL names: the MCP SDK checks that the
 * protected-resource metadata names the very URL it connects to (RFC 9728 section 3.3).
 */
export async function createListeningTestApp(): Promise<TestApp & { baseUrl: string }> {
  const port = await freeLoopbackPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ APP_URL: baseUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  return Object.assign(t, { baseUrl });
}
