import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, type ResolvedAddress } from '../../lib/outbound-target.ts';

/** A receiver that does not answer within this time has failed the attempt (it is retried). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type SendOutcome = { statusCode: number } | { error: string };

/**
 * POSTs one signed webhook. Redirects are not followed (a 3xx is a failure: the receiver's URL is
 * what the owner registered), and the answer's body is not read.
 */
export function sendWebhookRequest(options: {
  url: URL;
  target: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}): Promise<SendOutcome> {
  const { url, target, headers, body } = options;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'POST',
    lookup: pinnedLookup(target),
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'CIFER-Webhooks/1',
    },
    signal: AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
  };
  return new Promise((resolve) => {
    const request = send(url, requestOptions, (response) => {
      // Only the status counts: the connection is closed rather than read to the end of a body of any size.
      resolve({ statusCode: response.statusCode ?? 0 });
      response.destroy();
    });
    request.on('error', (error) => {
      resolve({
        error:
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `No answer within ${(options.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`
            : error.message,
      });
    });
    request.end(body);
  });
}
