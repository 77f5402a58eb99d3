import { messages, parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { readReply, type HeardNotification, type Parsers, type ResultField } from './pglite-reply.ts';

type Query = PGlite['query'];

/**
 * More than the query texts the app's code builds (a text varies with the code, never with the
 * values): past it, a new text runs unprepared, so a caller that builds texts from input cannot
 * grow the database's memory.
 */
export const MAX_PREPARED_STATEMENTS = 500;

/**
 * A named statement PostgreSQL no longer has (26000), or whose result columns changed under it after
 * a schema change (0A000, "cached plan must not change result type"). The call did not run.
 */
const STALE_STATEMENT_CODES = new Set(['26000', '0A000']);

interface Statement {
  name: string;
  parameterTypes: number[];
  /** Described once at Parse; each execution's rows are read with it. None: the statement returns no rows. */
  rowDescription: messages.RowDescriptionMessage | undefined;
  fields: ResultField[] | undefined;
}

type Listener = (payload: string) => void;
type Unlisten = (tx?: Transaction) => Promise<void>;

/** A channel's name as PostgreSQL keeps it, as PGlite's listen() turns it: quoted kept as written, else lower case. */
const channelName = (channel: string) => (channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase());

/** Thrown inside the lock when a statement was stale; carries the database's error. */
class StaleStatement extends Error {
  constructor(readonly databaseError: Error) {
    super('stale prepared statement');
  }
}

/**
 * PGlite's query with a named statement per query text (ADR 254): parsed, planned and described
 * once, then each call binds its values and executes in one exchange with the database. PGlite's own
 * `query()` parses an unnamed statement and talks to the database six times for every call; the
 * same select took 257 µs that way against 71 µs prepared, in one process (docs/benchmarks.md).
 *
 * What PGlite's `query()` does around the exchange is kept: the same locks (a query outside a
 * transaction waits for any open one), the client's serializers and parsers, the file-system sync
 * after a query outside a transaction, and errors carrying the query. The reply is read from its
 * bytes (`pglite-reply.ts`, ADR 255), or by PGlite's reader when it carries anything unusual. Only
 * parameterised queries are prepared, as on PostgreSQL (ADR 239); a query with a file attached or
 * with parameter types of its own runs as before.
 */
export function preparedQueries(client: PGlite): { query: Query; inTransaction: (tx: Transaction) => Query; listen: PGlite['listen'] } {
  const statements = new Map<string, Statement>();
  const listeners = new Map<string, Set<Listener>>();
  let named = 0;

  /**
   * PGlite's listen(), with the listener also kept here: a notification in a reply read by
   * readReply never reaches PGlite's reader, so it is handed to these listeners instead (ADR 255).
   */
  async function listen(channel: string, callback: Listener, tx?: Transaction): Promise<Unlisten> {
    const name = channelName(channel);
    const own = listeners.get(name) ?? listeners.set(name, new Set()).get(name)!;
    own.add(callback);
    try {
      const unlisten = await client.listen(channel, callback, tx);
      return async (unlistenTx?: Transaction) => {
        own.delete(callback);
        await unlisten(unlistenTx);
      };
    } catch (error) {
      own.delete(callback);
      throw error;
    }
  }

  /** As PGlite's reader does: each listener is called once the current synchronous code has run. */
  function notify(heard: HeardNotification[]) {
    for (const { channel, payload } of heard) for (const callback of listeners.get(channel) ?? []) queueMicrotask(() => callback(payload));
  }

  /** The messages of one exchange, sent together and ended by Sync. */
  const synced = (parts: Uint8Array[]) => Buffer.concat([...parts, protocol.serialize.sync()]);

  /** One exchange whose reply is handed over as bytes, copied out of the database's memory. */
  async function exchangeRaw(parts: Uint8Array[]): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await client.execProtocolRawStream(synced(parts), { syncToFs: false, onRawData: (bytes) => chunks.push(Buffer.from(bytes)) });
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  const parsersFor = (options: QueryOptions | undefined): Parsers => (options?.parsers ? { ...client.parsers, ...options.parsers } : client.parsers) as Parsers;

  /**
   * A reply readReply leaves: read by PGlite's protocol reader, each message handled as PGlite's own
   * exchange does (the first error thrown, nothing after it read; notices to onNotice; notifications to listeners).
   */
  function readWithPGlite<T>(reply: Buffer, statement: Statement, options: QueryOptions | undefined): Results<T> {
    const replies: messages.BackendMessage[] = [];
    let failure: messages.DatabaseError | null = null;
    new protocol.Parser().parse(reply, (message) => {
      if (failure) return;
      if (message instanceof messages.DatabaseError) failure = message;
      else if (message instanceof messages.NoticeMessage) options?.onNotice?.(message);
      else if (message instanceof messages.NotificationResponseMessage) notify([{ channel: message.channel, payload: message.payload }]);
      replies.push(message);
    });
    if (failure) throw failure;
    return parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...replies] : replies, client.parsers, options)[0] as Results<T>;
  }

  /** One exchange with the database: the messages sent together, ending in Sync, the replies read by PGlite. */
  const exchange = (parts: Uint8Array[], options: QueryOptions | undefined, throwOnError = true) =>
    client.execProtocolStream(synced(parts), { syncToFs: false, throwOnError, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });

  const prepares = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined): params is unknown[] =>
    !!params?.length && !options?.blob && !options?.paramTypes && (statements.has(text) || statements.size < MAX_PREPARED_STATEMENTS);

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) return known;
    const name = `cifer_${(named += 1)}`;
    const replies = await exchange([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })], options);
    const rowDescription = replies.find((reply): reply is messages.RowDescriptionMessage => reply instanceof messages.RowDescriptionMessage);
    const fields = rowDescription?.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(replies), rowDescription, fields };
    statements.set(text, statement);
    return statement;
  }

  /** Runs while the caller holds PGlite's query lock. */
  async function execute<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      const statement = await statementFor(text, options);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.parameterTypes[index]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const reply = await exchangeRaw([protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({})]);
      const read = readReply<T>(reply, statement.fields, parsersFor(options), options?.rowMode === 'array');
      if (!read) return readWithPGlite<T>(reply, statement, options);
      notify(read.heard);
      return read.result;
    } catch (error) {
      if (!(error instanceof messages.DatabaseError)) throw error;
      // As PGlite's query(): the error names its query.
      Object.assign(error, { query: text, params, queryOptions: options });
      if (!error.code || !STALE_STATEMENT_CODES.has(error.code)) throw error;
      await forget(text);
      throw new StaleStatement(error);
    }
  }

  async function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await exchange([protocol.serialize.close({ type: 'S', name: statement.name })], undefined, false);
  }

  const query = (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!prepares(text, params, options)) return client.query<T>(text, params, options);
    await client._checkReady();
    try {
      return await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const result = await execute<T>(text, params, options);
          await client.syncToFs();
          return result;
        }),
      );
    } catch (error) {
      // Outside a transaction nothing ran: the next call prepares it again, this one runs as before.
      if (error instanceof StaleStatement) return client.query<T>(text, params, options);
      throw error;
    }
  }) as Query;

  const inTransaction = (tx: Transaction): Query =>
    (async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      if (!prepares(text, params, options)) return tx.query<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      try {
        return await client._runExclusiveQuery(() => execute<T>(text, params, options));
      } catch (error) {
        // The error has aborted the transaction, as any failed statement does; the next call prepares it again.
        throw error instanceof StaleStatement ? error.databaseError : error;
      }
    }) as Query;

  return { query, inTransaction, listen: listen as PGlite['listen'] };
}
