import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on loopback for tests (server and e2e): it keeps every request as it came
 * (headers and the raw body, which the signature covers) and answers the queued status codes
 * in turn, then 200.
 */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The next answers, in order (e.g. [500, 500] before the default 200). */
  answerNext(statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks/cifer'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answerNext: (statuses) => answers.push(...statuses),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
