import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, resolveTarget, type HostResolver, type TargetLabel, type TargetPolicy } from './outbound-target.ts';

/** A provider document (discovery, keys, tokens) is small; a larger answer is refused, not buffered. */
const MAX_ANSWER_BYTES = 1_000_000;

export interface GuardedFetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: unknown;
  signal?: AbortSignal | null;
}

/** The request body as bytes: openid-client sends form parameters or a string. */
function bodyOf(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('guardedFetch sends only string and form bodies');
}

function readAnswer(response: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        response.destroy();
        reject(new Error(`The answer is larger than ${MAX_ANSWER_BYTES} bytes`));
      } else chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else if (value !== undefined) headers.set(name, value);
      }
      const status = response.statusCode ?? 502;
      const noBody = status === 204 || status === 304;
      resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
    });
  });
}

/**
 * A fetch for calls to an address a customer chose (ADR 288): every URL, including each one a
 * provider's discovery document names, passes the outbound target rule (outbound-target.ts) and the
 * connection goes to the address checked. Redirects are never followed (a 3xx is answered as is).
 * Written on node:http rather than the global fetch because that one cannot pin the address.
 */
export function guardedFetch(policy: TargetPolicy, resolve: HostResolver, label: TargetLabel) {
  return async (input: string | URL, init: GuardedFetchInit = {}): Promise<Response> => {
    const { url, target } = await resolveTarget(String(input), policy, resolve, label);
    const body = bodyOf(init.body);
    const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolveAnswer, reject) => {
      const request = send(url, { method: init.method ?? 'GET', headers, lookup: pinnedLookup(target), signal: init.signal ?? undefined }, (response) => {
        readAnswer(response).then(resolveAnswer, reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  };
}
