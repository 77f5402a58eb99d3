import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { ApiClient, ApiMethod } from './api-client.ts';

/**
 * What every tool shares: one call of the public API read through its contract, and the shape of a
 * tool's answer (plain words for the person, a compact JSON block for the assistant to reason on).
 */

export type ApiOutcome<T> = { ok: true; value: T } | { ok: false; result: CallToolResult };

/** A tool error the assistant shows as such (isError), in the API's own words when it gave some. */
export function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

function refusalMessage(status: number, json: unknown): string {
  const message = typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string' ? json.message : null;
  if (message) return `CIFER refused (${status}): ${message}`;
  return `CIFER answered ${status} without an explanation. Please try again shortly.`;
}

/** Calls the API and reads its answer with the route's own response schema, or the refusal as a tool error. */
export async function callApi<S extends z.ZodType>(client: ApiClient, method: ApiMethod, path: string, schema: S, body?: unknown): Promise<ApiOutcome<z.infer<S>>> {
  const answer = await client.request(method, path, body);
  if (answer.status < 200 || answer.status >= 300) return { ok: false, result: toolError(refusalMessage(answer.status, answer.json)) };
  const parsed = schema.safeParse(answer.json);
  // The API and this server are one build; a mismatch is a bug of ours, not the caller's.
  if (!parsed.success) return { ok: false, result: toolError(`CIFER's answer to ${method} ${path} was not in the expected shape.`) };
  return { ok: true, value: parsed.data };
}

/** Dollars to the dollar, shares and probabilities to four significant digits: what a reader needs, in fewer tokens. */
function readableNumber(_key: string, value: unknown): unknown {
  if (typeof value !== 'number' || Number.isInteger(value)) return value;
  return Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(4));
}

/** The data of a tool's JSON block, numbers rounded as the block shows them. */
export function roundForReading<T>(data: T): T {
  return JSON.parse(JSON.stringify(data, readableNumber)) as T;
}

/** The words first, then the figures as one compact JSON block (what the assistant quotes numbers from). */
export function toolAnswer(words: string, data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: `${words}\n\n\`\`\`json\n${JSON.stringify(data, readableNumber)}\n\`\`\`` }] };
}

/** A path segment from an id the tool input already checked (a UUID), encoded all the same. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return USD.format(Math.round(amount));
}

/** A change in dollars with its direction spelled out ("up $1,200" / "down $800"). */
export function formatChange(amountUsd: number): string {
  if (Math.round(amountUsd) === 0) return 'unchanged';
  return `${amountUsd > 0 ? 'up' : 'down'} ${formatUsd(Math.abs(amountUsd))}`;
}

export function formatPercent(share: number): string {
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}
