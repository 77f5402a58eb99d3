import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of the machine's PostgreSQL, which the fault test cuts instead
 * of stopping the database (other processes on the machine use it). Three states:
 *   - open: every connection is forwarded;
 *   - refused: the listener is closed and every connection dropped, as when PostgreSQL stops;
 *   - silent: connections stay open and new ones are accepted, but nothing is forwarded either
 *     way, as in a network cut or a frozen server (the case where queries hang).
 */
export interface TcpProxy {
  readonly port: number;
  refuse(): Promise<void>;
  silence(): void;
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(port: number, target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Socket>();
  let state: 'open' | 'refused' | 'silent' = 'open';
  let server: Server | null = null;

  const onConnection = (client: Socket) => {
    pairs.add(client);
    client.once('close', () => pairs.delete(client));
    client.on('error', () => client.destroy());
    if (state === 'silent') return; // Accepted and never answered.
    const upstream = connect(target.port, target.host);
    pairs.add(upstream);
    upstream.once('close', () => {
      pairs.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    // Forwarded by hand so that silence drops bytes instead of buffering them for later.
    client.on('data', (chunk: Buffer) => state === 'open' && upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => state === 'open' && client.write(chunk));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const dropAll = () => {
    for (const socket of pairs) socket.destroy();
    pairs.clear();
  };
  const closeListener = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (closing) closing.close(() => resolve());
      else resolve();
    });

  await listen();
  return {
    port,
    async refuse() {
      state = 'refused';
      const closed = closeListener();
      dropAll();
      await closed;
    },
    silence() {
      state = 'silent';
    },
    async open() {
      // Connections left from the silence carry half a conversation: drop them; clients reconnect.
      dropAll();
      state = 'open';
      if (!server) await listen();
    },
    async close() {
      const closed = closeListener();
      dropAll();
      await closed;
    },
  };
}
