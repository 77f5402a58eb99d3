import { vi } from 'vitest';

export type StubReply = { status: number; body: unknown };
export type StubCall = { method: string; url: string; body: unknown };

/**
 * Replaces `fetch` for a component test: answers each `METHOD url` from its queue (the last
 * answer repeats, an unknown call gets 404) and records every call with its JSON body.
 */
export function stubApi(replies: Record<string, StubReply[]>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = replies[`${method} ${url}`];
      const reply = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      if (!reply) return new Response(JSON.stringify({ message: 'not stubbed' }), { status: 404 });
      return jsonResponse(reply);
    }),
  );
  return calls;
}

/** A stubbed API answer as `fetch` returns it: JSON with its status. */
export function jsonResponse(reply: StubReply): Response {
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
}
