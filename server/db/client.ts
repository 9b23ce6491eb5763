import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, sql, type Logger, type Query, type SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { parseRows } from './rows';
import { StatementNames } from './statement-names';
import type { ListenHandlers } from './pg-listen';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` first so they compose inside larger transactions. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /**
   * Applies the committed drizzle-kit migrations (or those of `folder`, for a test that stops
   * part way); safe to call from several processes at once.
   */
  migrate(folder?: string): Promise<void>;
  /**
   * A statement straight on the driver, no ORM, as a named prepared statement when `name` is
   * given: the benchmark's baselines run the app's SQL with it, the fastest plain way.
   */
  query(text: string, values: unknown[], name?: string): Promise<unknown[]>;
  /**
   * Follows the NOTIFYs of `channel` (on PostgreSQL on a connection of its own, connected again
   * when it drops); resolves to a function that stops.
   */
  listen(channel: string, on: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary but fixed key: only one process migrates at a time on a shared PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_331_001;

const INT8_OID = 20;

/**
 * Opens PostgreSQL through node-postgres when `url` is given, else PGlite at `pgliteDir`
 * (in memory when undefined), starting from the `pgliteData` tarball when given. Both must hand
 * back the same JS types: PGlite would return int8 as a JS number and node-postgres as a string,
 * so PGlite is told to return the string too, and drizzle's column modes turn it into number or
 * bigint for both.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  pgliteData?: Blob;
  poolSize?: number;
  /** Sees every statement drizzle runs (the benchmark records an endpoint's SQL with it). */
  logger?: Logger;
}): Promise<Database> {
  if (opts.url) {
    const { ReleasingPool } = await import('./pg-pool');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // JIT off: the app's queries are short, and on big tables PostgreSQL's cost estimates (a deep
    // page of a list) can make it compile one, which costs tens of milliseconds for a query that
    // answers in a few (see bench:scale).
    // UTC sessions, as PGlite's: days and months of charts and daily totals are UTC ones whatever
    // the server's default time zone.
    const pool = new ReleasingPool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: '-c jit=off -c timezone=UTC',
    });
    // An idle client's network error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const db = drizzle({ client: pool, schema, logger: opts.logger }) as unknown as Db;
    const migrate = async (folder = MIGRATIONS_FOLDER) => {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      // A session lock on its own connection: other instances wait; a crash releases it.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await run(db as never, { migrationsFolder: folder });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    };
    const query = async (text: string, values: unknown[], name?: string) =>
      (await pool.query({ text, values, name })).rows as unknown[];
    const { listenOnPostgres } = await import('./pg-listen');
    const url = opts.url;
    const listen = (channel: string, on: ListenHandlers) => listenOnPostgres(url, channel, on);
    return { db, driver: 'postgres', migrate, query, listen, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm (the users' search indexes, migration 0026) ships with PGlite as an extension to load.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true });
  // A data-directory tarball (dumpDataDir) skips initdb, which is most of PGlite's start-up.
  const client = new PGlite({
    dataDir: opts.pgliteDir,
    loadDataDir: opts.pgliteData,
    extensions: { pg_trgm },
    // New WAL segments are not zero-filled first: PGlite's files are memory (or never fsynced), where
    // writing 16 MB of zeros bought nothing and stalled every writer ~300 ms per segment (measured:
    // an accrual of 30,000 investments took 8.8 s with it, 4.8 s without).
    startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
  });
  await client.waitReady;
  // drizzle passes per-query parsers that are merged over these instance parsers.
  client.parsers[INT8_OID] = (value: string) => value;
  const db = drizzle({ client, schema, logger: opts.logger }) as unknown as Db;
  const { queryNamed, resultsNamed } = await import('./pglite-prepared');
  // Each parameterised statement by a name of its own (statement-names.ts), on the instance's
  // own query and on each transaction's (invest's statements are a transaction's).
  const names = new StatementNames();
  type RunQuery = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
  const byHash =
    (unnamed: RunQuery, tx?: Transaction): RunQuery =>
    (text, params, options) => {
      const name = params?.length ? names.nameOf(text) : undefined;
      return name ? resultsNamed(client, name, text, params!, options ?? {}, tx) : unnamed(text, params, options);
    };
  client.query = byHash(client.query.bind(client)) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const own = { query: byHash(tx.query.bind(tx), tx) } as Pick<Transaction, 'query'>;
      // The rest of the handle (exec, rollback, closed) is the transaction's own.
      return callback(Object.assign(Object.create(tx) as Transaction, own));
    })) as typeof client.transaction;
  namedOnPglite.set(db, (name, query, values, options) => queryNamed(client, name, query, values, options));
  // A query drizzle prepares with a name (`.prepare('plans_open')`) runs under it, as node-postgres
  // runs it: drizzle's PGlite session drops the name, so a list without parameters (the plans)
  // was parsed and planned again on every call. The root session only: a transaction's prepared
  // queries are named by their text's hash above, as any of its statements.
  const session = db._.session as unknown as { prepareQuery: (...args: unknown[]) => { client: unknown } };
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    const name = args[2];
    if (typeof name === 'string' && name !== '')
      prepared.client = {
        query: (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
          resultsNamed(client, name, text, params, options),
      };
    return prepared;
  };
  const migrate = async (folder = MIGRATIONS_FOLDER) => {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder: folder });
  };
  const query = async (text: string, values: unknown[], name?: string) =>
    name ? queryNamed(client, name, text, values, {}) : (await client.query(text, values)).rows;
  // One process owns a PGlite database: notifications arrive as each write commits, never lost.
  const listen = async (channel: string, on: ListenHandlers) => {
    const unlisten = await client.listen(channel, (payload) => on.notify(payload));
    on.live(true);
    return async () => {
      on.live(false);
      if (!client.closed) await unlisten();
    };
  };
  return { db, driver: 'pglite', migrate, query, listen, close: () => client.close() };
}

/**
 * `prepare(db)` once per database: for drizzle's prepared queries (`.prepare(name)`), which are
 * bound to the database they were built on and render their SQL once instead of on every call.
 */
export function perDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = prepare(db)));
    return value;
  };
}

/** Round-trip time of a trivial query in ms, or null when the database does not answer. */
export async function pingDatabase(db: Db): Promise<number | null> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return Math.round((performance.now() - started) * 100) / 100;
  } catch {
    return null;
  }
}

const dialect = new PgDialect();

type QueryNamed = (name: string, text: string, values: unknown[], options: QueryOptions) => Promise<unknown[]>;
/** A PGlite database's way to run a named prepared statement (pglite-prepared.ts); not its transactions'. */
const namedOnPglite = new WeakMap<DbOrTx, QueryNamed>();

/** The driver under a database handle (not a transaction's), for work sized to it. */
export const driverOf = (db: Db): Driver => (namedOnPglite.has(db) ? 'pglite' : 'postgres');

/** The options drizzle's PGlite session parses raw rows with (timestamps kept as text, as node-postgres does). */
function pgliteRowOptions(prepared: object): QueryOptions {
  if ('rawQueryConfig' in prepared && typeof prepared.rawQueryConfig === 'object' && prepared.rawQueryConfig)
    return prepared.rawQueryConfig;
  throw new Error('drizzle no longer exposes the PGlite row options');
}

/** The logger drizzle gave a prepared query (its PGlite session's). */
function loggerOf(prepared: object): Logger | undefined {
  return 'logger' in prepared && typeof prepared.logger === 'object' && prepared.logger !== null
    ? (prepared.logger as Logger)
    : undefined;
}

/** Both drivers answer a raw statement with `{ rows }`. */
function rowsOfResult(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('a raw statement answered without rows');
}

/** The placeholders of a prepared statement's values, by name: `p('userId')` in the SQL. */
export type Placeholders<V> = <K extends keyof V & string>(name: K) => SQL;
const placeholder: Placeholders<Record<string, unknown>> = (name) => sql`${sql.placeholder(name)}`;

/**
 * A hot raw statement, rendered once and run as a named prepared statement: PostgreSQL parses
 * and plans it once per connection (then from its plan cache), and Node renders the SQL once
 * instead of on every call. Both were most of a long statement's cost (measured: rendering
 * invest's one statement took 200 µs a call, as much as PostgreSQL's work on it). `build` names
 * each value with `p(name)`; the statement's text is fixed, so one name serves every call. PGlite
 * runs it named too (pglite-prepared.ts), inside a transaction by its text's hash. Every row is parsed
 * with `schema`, as `rowsOf` does (server/db/rows.ts).
 */
export function preparedStatement<S extends z.ZodObject, V extends Record<string, unknown>>(
  name: string,
  schema: S,
  build: (p: Placeholders<V>) => SQL,
): (db: DbOrTx, values: V) => Promise<z.output<S>[]> {
  let query: Query | undefined;
  let pgliteOptions: QueryOptions | undefined;
  // drizzle's prepared query, once per database or transaction handle (building one took ~8 µs).
  const preparedOn = new WeakMap<DbOrTx, ReturnType<DbOrTx['_']['session']['prepareQuery']>>();
  return async (db, values) => {
    query ??= dialect.sqlToQuery(build(placeholder));
    let prepared = preparedOn.get(db);
    if (!prepared) preparedOn.set(db, (prepared = db._.session.prepareQuery(query, undefined, name, false)));
    const named = namedOnPglite.get(db);
    if (named) {
      pgliteOptions ??= pgliteRowOptions(prepared);
      const params = fillPlaceholders(query.params, values);
      // Logged as drizzle logs its own statements, so a logger sees the same on both drivers.
      loggerOf(prepared)?.logQuery(query.sql, params);
      // Wrapped as drizzle wraps a failed query, so both drivers fail alike.
      const rows = await named(name, query.sql, params, pgliteOptions).catch((err: unknown) => {
        throw new DrizzleQueryError(query!.sql, params, err instanceof Error ? err : undefined);
      });
      return parseRows(schema, rows, query.sql);
    }
    return parseRows(schema, rowsOfResult(await prepared.execute(values)), query.sql);
  };
}
