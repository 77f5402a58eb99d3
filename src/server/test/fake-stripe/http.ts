import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeId } from './objects.ts';

/** Reading requests and writing answers the way Stripe's API and pages do, for the fake's handlers. */

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': fakeId('req') });
  response.end(JSON.stringify(body));
}

/** An error in Stripe's shape, which the SDK turns into its own error classes. */
export function stripeError(response: ServerResponse, status: number, message: string, param?: string) {
  sendJson(response, status, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
}

export function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}
