import net from 'node:net';

/**
 * A loopback TCP proxy a test puts between the app and a server (PostgreSQL, Redis) to take
 * that server away and give it back: `cut()` ends every open connection and resets each new
 * one, as a crashed or stopped server does; `freeze()` drops every byte both ways and closes
 * nothing, as a network that silently stops does; `restore()` forwards again.
 */
export interface TcpProxy {
  /** The port on 127.0.0.1 the proxy listens on. */
  readonly port: number;
  /** Ends every open connection (both ways) and resets every new one until `restore()`. */
  cut(): void;
  /** Drops what either side sends, on open and new connections, closing nothing, until `restore()`. */
  freeze(): void;
  restore(): void;
  /** Between `cut()` and `restore()`. */
  readonly isCut: boolean;
  /**
   * Cuts at the first chunk the client sends that `match` accepts, before forwarding it: the
   * request that sent it is in flight (its statement sent, never answered) when the server goes.
   * Settles once cut.
   */
  cutWhenClientSends(match: (chunk: Buffer) => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isCut = false;
  let frozen = false;
  let trigger: { match: (chunk: Buffer) => boolean; fire: () => void } | null = null;

  const cut = () => {
    isCut = true;
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const server = net.createServer((client) => {
    if (isCut) {
      // A refused connection: the client sees ECONNRESET, as from a port nobody listens on.
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.on('data', (chunk: Buffer) => {
      if (frozen) return;
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    client.on('data', (chunk: Buffer) => {
      if (frozen) return;
      if (trigger?.match(chunk)) {
        const { fire } = trigger;
        trigger = null;
        cut();
        fire();
        return;
      }
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no TCP address');

  return {
    port: address.port,
    cut,
    freeze: () => {
      frozen = true;
    },
    restore: () => {
      isCut = false;
      frozen = false;
    },
    get isCut() {
      return isCut;
    },
    cutWhenClientSends: (match) =>
      new Promise<void>((fire) => {
        trigger = { match, fire };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
