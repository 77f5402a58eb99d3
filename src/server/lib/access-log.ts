import pino, { type Logger } from 'pino';

/** What the access line says about one finished request. */
export interface FinishedRequest {
  id: string;
  method: string;
  /** The route pattern, never the raw URL (which can carry a token in its query string). */
  route: string;
  status: number;
  ms: number;
}

export interface AccessLog {
  write(request: FinishedRequest): void;
  /** Hands lines still waiting for the end of the event-loop turn to the destination now. */
  flush(): void;
}

const MESSAGE = 'request completed';
/** pino's own state, reached through `pino.symbols`, its documented way in for integrations (pino API docs). */
const symbol = pino.symbols as unknown as Record<string, symbol>;
interface Destination {
  write(line: string): unknown;
}
function pinoState(logger: Logger) {
  const state = logger as unknown as Record<symbol, unknown>;
  const hooks = state[symbol.hooksSym!] as { logMethod?: unknown; streamWrite?: unknown };
  return {
    stream: state[symbol.streamSym!] as (Destination & Record<symbol, unknown>) | undefined,
    levelPrefixes: state[symbol.lsCacheSym!] as Record<number, string>,
    time: state[symbol.timeSym!] as () => string,
    bindings: () => state[symbol.chindingsSym!] as string,
    messageKey: state[symbol.messageKeySym!] as string,
    /** Anything that would make pino's line differ from the direct one. */
    customised: Boolean(
      state[symbol.mixinSym!] ||
      state[symbol.msgPrefixSym!] ||
      state[symbol.nestedKeySym!] ||
      (state[symbol.formattersSym!] as { log?: unknown }).log ||
      hooks.logMethod ||
      hooks.streamWrite,
    ),
  };
}

/**
 * The access line of every request (ADR 172), written as pino would write it but without pino's
 * general serialiser (ADR 186): the level prefix, time and bindings come from the logger itself,
 * the five fields are known in advance, and the text goes straight to the logger's destination.
 * The general path (an object walked field by field, each string escaped) was most of the line's
 * cost. A logger this shortcut cannot reproduce exactly (a mixin, a log formatter, hooks, a message
 * prefix, a nested key, a multistream) gets the ordinary pino call instead.
 *
 * With `batch`, the lines of one event-loop turn reach the destination as one write at the end of
 * the turn: SonicBoom measures its whole pending buffer on every write, so a busy server writing
 * line by line paid for that buffer again and again. Tests keep one write per line.
 */
export function createAccessLog(logger: Logger, options: { batch: boolean }): AccessLog {
  const state = pinoState(logger);
  const stream = state.stream;
  if (stream === undefined || stream[symbol.needsMetadataGsym!] === true || state.customised) {
    return {
      write({ id, method, route, status, ms }) {
        const line = { reqId: id, method, route, status, ms };
        if (status >= 500) logger.error(line, MESSAGE);
        else logger.info(line, MESSAGE);
      },
      flush() {},
    };
  }
  const tail = `,${JSON.stringify(state.messageKey)}:${JSON.stringify(MESSAGE)}}\n`;
  const quoted = new Map<string, string>();
  // Methods and route patterns are a small fixed set: each is escaped once.
  const quote = (text: string) => {
    let json = quoted.get(text);
    if (json === undefined) {
      json = JSON.stringify(text);
      if (quoted.size < 1_000) quoted.set(text, json);
    }
    return json;
  };
  // pino's default clock, read once per millisecond however many lines share it.
  const standardTime = state.time === pino.stdTimeFunctions.epochTime;
  let lastMs = -1;
  let lastTime = '';
  const timeField = () => {
    if (!standardTime) return state.time.call(logger);
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastTime = `,"time":${ms}`;
    }
    return lastTime;
  };
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const lines = pending;
    pending = '';
    stream.write(lines);
  };
  let flushScheduled = false;
  const flushAtTurnEnd = () => {
    flushScheduled = false;
    flush();
  };
  return {
    write({ id, method, route, status, ms }) {
      const level = status >= 500 ? 50 : 30;
      if (level < logger.levelVal) return;
      const line = `${state.levelPrefixes[level]}${timeField()}${state.bindings()},"reqId":${JSON.stringify(id)},"method":${quote(method)},"route":${quote(route)},"status":${status},"ms":${Number.isFinite(ms) ? ms : null}${tail}`;
      if (!options.batch) {
        stream.write(line);
        return;
      }
      pending += line;
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flushAtTurnEnd);
      }
    },
    flush,
  };
}
