import {
  parse,
  protocol,
  type ParserOptions,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Per PGlite instance: the statements parsed so far, by name, with their parameters' type ids. */
const parsed = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * Runs `text` as a named prepared statement of this PGlite instance: parsed (and planned, then
 * from the plan cache) once, only bound and executed afterwards. PGlite's own `query` parses
 * every call through an unnamed statement, which in WebAssembly costs more than the work of a
 * long statement (measured on invest's one statement: 0.59 of a bare transfer unnamed, 1.34
 * named). Waits for any open transaction and query exactly as `query` does, so it never runs
 * inside another caller's transaction. Values are serialized and rows parsed as `query` would
 * with the same `options`.
 */
export async function queryNamed(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
  options: QueryOptions,
): Promise<unknown[]> {
  return (await resultsNamed(client, name, text, values, options)).rows;
}

/**
 * queryNamed's whole answer, as PGlite's `query` gives it (rows, affected rows, fields). With
 * `tx`, an open transaction of `client`, the statement is that transaction's: its caller holds
 * the transaction lock already, so only the query lock is taken, as the transaction's own
 * `query` does, and it is refused once `tx` has ended, as that `query` refuses.
 */
export async function resultsNamed(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
  options: QueryOptions,
  tx?: Transaction,
): Promise<Results> {
  const run = () => client._runExclusiveQuery(() => runNamed(client, { name, text, values, options }));
  if (tx) {
    if (tx.closed) throw new Error('Transaction is closed');
    return run();
  }
  await client._checkReady();
  return client._runExclusiveTransaction(run);
}

async function runNamed(
  client: PGlite,
  { name, text, values, options }: { name: string; text: string; values: unknown[]; options: QueryOptions },
): Promise<Results> {
  let statements = parsed.get(client);
  if (!statements) parsed.set(client, (statements = new Map()));
  let types = statements.get(name);
  if (!types) {
    // Its own round, closed by a Sync, so a statement is recorded only once it exists. A
    // statement parsed inside a transaction outlives it: prepared statements are not rolled back.
    const described = await client.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    types = parse.parseDescribeStatementResults(described.messages);
    statements.set(name, types);
  }
  const params = values.map((v, i) => {
    if (v === null || v === undefined) return null;
    const serialize = options.serializers?.[types[i]!] ?? client.serializers[types[i]!];
    return serialize ? serialize(v) : String(v);
  });
  // The Sync ends the implicit transaction whether or not the statement failed (inside an
  // explicit one it ends nothing: the transaction's own COMMIT or ROLLBACK does).
  const { messages } = await client.execProtocol(
    concat([
      protocol.serialize.bind({ statement: name, values: params }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]),
  );
  const { parsers, ...rest } = options;
  return parse.parseResults(messages, parsersOver(client, parsers), rest)[0] ?? { rows: [], fields: [] };
}

/** Per client, per query's own parsers: them over the client's (parsersOver). */
type Parsers = PGlite['parsers'];
const layered = new WeakMap<PGlite, WeakMap<ParserOptions, Parsers>>();

/**
 * A query's own parsers (drizzle gives each query its own: timestamps kept as text) over the
 * client's, as PGlite's parseResults would merge them, but by prototype and once per object:
 * PGlite copies every type's parser into a new object on each query, which cost 100 µs a read.
 */
function parsersOver(client: PGlite, own: ParserOptions | undefined): Parsers {
  if (!own) return client.parsers;
  let ofClient = layered.get(client);
  if (!ofClient) layered.set(client, (ofClient = new WeakMap()));
  let parsers = ofClient.get(own);
  if (!parsers) ofClient.set(own, (parsers = Object.assign(Object.create(client.parsers) as Parsers, own)));
  return parsers;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
