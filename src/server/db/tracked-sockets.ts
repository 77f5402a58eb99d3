import { connect, type Socket } from 'node:net';

/** The part of postgres.js's options its `socket` factory is given. */
interface SocketTarget {
  host: string[];
  port: number[];
  path?: string | false;
}

/**
 * postgres.js's `socket` option: the connections a client opens, kept so that they can be cut at
 * once (ADR 278). A query on a connection whose peer went silent (a network cut, a frozen server)
 * would otherwise wait for TCP to give up, minutes; cut with an error, it fails now and the pool
 * opens a new connection for the next query. postgres.js writes its startup message at once; a
 * socket buffers it until connected, and its connect_timeout still applies.
 */
export function trackedSockets(): { open(target: SocketTarget): Socket; cutAll(reason: string): number } {
  const open = new Set<Socket>();
  let next = 0;
  return {
    open(target) {
      const index = next++ % Math.max(1, target.host.length);
      const socket = target.path ? connect(target.path) : connect(target.port[index] ?? target.port[0] ?? 5432, target.host[index] ?? target.host[0] ?? 'localhost');
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      return socket;
    },
    cutAll(reason) {
      const count = open.size;
      for (const socket of open) socket.destroy(Object.assign(new Error(reason), { code: 'DATABASE_UNREACHABLE' }));
      open.clear();
      return count;
    },
  };
}
