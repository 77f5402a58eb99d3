import { types, type Results } from '@electric-sql/pglite';

/** A result column, as PGlite's results describe it. */
export type ResultField = Results['fields'][number];

/** Text-to-value parsers by type, shaped as PGlite's own defaults (they are given the type too). */
export type Parsers = typeof types.parsers;
type ParserOf = Parsers[number];

/** A notification the reply carried: PGlite's listeners must hear it (pglite-prepared.ts). */
export interface HeardNotification {
  channel: string;
  payload: string;
}

// The backend messages a bound, executed prepared statement answers with (PostgreSQL's protocol, "Message Formats").
const BIND_COMPLETE = 0x32; // '2'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const READY_FOR_QUERY = 0x5a; // 'Z'
const NOTIFICATION = 0x41; // 'A'

/** The commands whose tag's count PGlite adds to `affectedRows` (its parseResults). */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The rows of one Bind, Execute and Sync, read straight from the reply's bytes (ADR 255): the same
 * result PGlite's parseResults builds from its own protocol reader, without that reader's cost. It
 * copies every field into a new ArrayBuffer before decoding it, and its private fields are compiled
 * to WeakMap lookups; in one process that reader took more CPU than PostgreSQL's own execution of
 * the app's list (docs/benchmarks.md).
 *
 * Returns null for a reply carrying anything else (an error, a notice, a changed setting): PGlite's
 * reader handles those, as before.
 */
export function readReply<T>(reply: Buffer, fields: readonly ResultField[] | undefined, parsers: Parsers, arrayMode: boolean): { result: Results<T>; heard: HeardNotification[] } | null {
  // A column named __proto__ would set a row's prototype here; PGlite's reader makes it a field.
  if (!arrayMode && fields?.some((field) => field.name === '__proto__')) return null;
  const rows: unknown[] = [];
  const heard: HeardNotification[] = [];
  let tag: string | null = null;
  const handlers = fields?.map((field) => parsers[field.dataTypeID] ?? types.parsers[field.dataTypeID]);
  let offset = 0;
  while (offset + 5 <= reply.length) {
    const code = reply[offset]!;
    const end = offset + 1 + reply.readUInt32BE(offset + 1);
    const body = offset + 5;
    if (code === DATA_ROW) {
      if (!fields || !handlers) return null;
      rows.push(readRow(reply, body, fields, handlers, arrayMode));
    } else if (code === COMMAND_COMPLETE) {
      if (tag !== null) return null;
      tag = reply.toString('utf8', body, end - 1);
    } else if (code === NOTIFICATION) {
      const channelEnd = reply.indexOf(0, body + 4);
      heard.push({ channel: reply.toString('utf8', body + 4, channelEnd), payload: reply.toString('utf8', channelEnd + 1, reply.indexOf(0, channelEnd + 1)) });
    } else if (code !== BIND_COMPLETE && code !== READY_FOR_QUERY) {
      return null;
    }
    offset = end;
  }
  if (tag === null || offset !== reply.length) return null;
  return { result: resultOf<T>(rows, fields, tag), heard };
}

function readRow(reply: Buffer, start: number, fields: readonly ResultField[], handlers: Array<ParserOf | undefined>, arrayMode: boolean): unknown {
  const count = reply.readUInt16BE(start);
  const values: unknown[] = new Array(count);
  let offset = start + 2;
  for (let index = 0; index < count; index += 1) {
    const length = reply.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      values[index] = null;
      continue;
    }
    const text = decodeText(reply, offset, offset + length);
    offset += length;
    const handler = handlers[index];
    values[index] = handler ? handler(text, fields[index]!.dataTypeID) : text;
  }
  if (arrayMode) return values;
  const row: Record<string, unknown> = {};
  for (let index = 0; index < count; index += 1) row[fields[index]!.name] = values[index];
  return row;
}

/** UTF-8 as PGlite's TextDecoder reads it, which drops a leading byte order mark. */
function decodeText(reply: Buffer, start: number, end: number): string {
  const text = reply.toString('utf8', start, end);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** As PGlite's parseResults shapes one result set. */
function resultOf<T>(rows: unknown[], fields: readonly ResultField[] | undefined, tag: string): Results<T> {
  const parts = tag.split(' ');
  const command = parts[0]!;
  const rowCount = Number.parseInt(parts.at(-1)!, 10);
  const result: Results<T> & { command: string } = {
    rows: rows as T[],
    fields: fields ? fields.map((field) => ({ ...field })) : [],
    command,
    affectedRows: COUNTED_COMMANDS.has(command) ? rowCount : 0,
  };
  if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
  return result;
}
