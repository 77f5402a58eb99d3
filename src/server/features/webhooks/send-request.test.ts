import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { sendWebhookRequest } from './send-request.ts';

/** The HTTP side of a delivery (ADR 229): the checked address is the one connected to, no redirects, a timeout. */

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const loopback = { address: '127.0.0.1', family: 4 } as const;

test('connects to the checked address, not to what DNS would say of the name, and sends the name as Host', async () => {
  const seen: Array<{ host: string | undefined; body: string }> = [];
  const port = await listen((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ host: request.headers.host, body });
      response.writeHead(204).end();
    });
  });
  // `.invalid` never resolves (RFC 2606): only the pinned address can have reached the receiver.
  const outcome = await sendWebhookRequest({
    url: new URL(`http://receiver.invalid:${port}/hook`),
    target: loopback,
    headers: { 'webhook-id': 'msg_1' },
    body: '{"a":1}',
  });
  expect(outcome).toEqual({ statusCode: 204 });
  expect(seen).toEqual([{ host: `receiver.invalid:${port}`, body: '{"a":1}' }]);
});

test('a redirect is not followed: its status is the answer', async () => {
  let hits = 0;
  const port = await listen((_request, response) => {
    hits += 1;
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
  });
  expect(await sendWebhookRequest({ url: new URL(`http://127.0.0.1:${port}/`), target: loopback, headers: {}, body: '{}' })).toEqual({
    statusCode: 302,
  });
  expect(hits).toBe(1);
});

test('a receiver that does not answer in time fails the attempt with the reason', async () => {
  const port = await listen(() => {
    // Never answers.
  });
  const outcome = await sendWebhookRequest({
    url: new URL(`http://127.0.0.1:${port}/`),
    target: loopback,
    headers: {},
    body: '{}',
    timeoutMs: 200,
  });
  expect(outcome).toEqual({ error: 'No answer within 0.2 s' });
});

test('a refused connection is an error, not a status', async () => {
  const port = await listen(() => {});
  await new Promise((resolve) => servers.pop()!.close(resolve));
  const outcome = await sendWebhookRequest({ url: new URL(`http://127.0.0.1:${port}/`), target: loopback, headers: {}, body: '{}' });
  expect(outcome).toMatchObject({ error: expect.stringContaining('ECONNREFUSED') });
});
