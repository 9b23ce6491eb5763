import pg from 'pg';
import { StatementNames } from './statement-names';

type ConnectCallback = Parameters<pg.Pool['connect']>[0];

/**
 * node-postgres's pool, made safe for a client checked out with `connect()` (drizzle's
 * transactions) whose connection is lost:
 * - A lost connection makes the client emit 'error'. The pool listens only while the client is
 *   idle and its own query() while it runs, so a transaction's client had no listener and the
 *   process died of the uncaught error. Its statement fails with the same error anyway.
 * - drizzle 0.45's `transaction()` sends BEGIN before the try/finally that releases its client
 *   (drizzle-team/drizzle-orm#6241): when BEGIN fails (the connection died while the client sat
 *   idle), the client was never released and the pool lost that slot for good, so a few outages
 *   left every request waiting on an empty pool until a restart. A client whose first statement
 *   fails is released here with the error (the pool drops it); its holder's own later
 *   `release()` is then ignored, so a drizzle that fixes this does not release it twice.
 */
export class ReleasingPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config);
    // Each parameterised statement of the app by a name of its own (statement-names.ts):
    // parsed and planned once per connection.
    const names = new StatementNames();
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [config, values] = args;
      if (isUnnamed(config) && Array.isArray(values) && values.length > 0) {
        const name = names.nameOf(config.text);
        if (name) args[0] = { ...config, name };
      }
      return query(...args);
    }) as typeof this.query;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own query(), which listens and releases on every path.
    if (callback) return super.connect(callback);
    return super.connect().then(guarded);
  }
}

function isUnnamed(config: unknown): config is { text: string; name?: undefined } {
  return (
    typeof config === 'object' &&
    config !== null &&
    'text' in config &&
    typeof config.text === 'string' &&
    !('name' in config && config.name)
  );
}

const ignore = () => undefined;

function guarded(client: pg.PoolClient): pg.PoolClient {
  const query = client.query;
  const release = client.release;
  let released = false;
  client.on('error', ignore);
  // All put back on release: the pool hands the same object out again.
  client.release = (err?: Error | boolean) => {
    client.query = query;
    if (released) return;
    released = true;
    client.removeListener('error', ignore);
    release.call(client, err);
  };
  client.query = ((...args: unknown[]) => {
    client.query = query;
    const result: unknown = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      client.release(err instanceof Error ? err : true);
      throw err;
    });
  }) as typeof client.query;
  return client;
}
