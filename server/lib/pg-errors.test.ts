import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { AppError } from './errors';
import { isDatabaseUnavailable } from './pg-errors';

/**
 * The errors node-postgres really gives when its server is gone, made against loopback fakes
 * (no PostgreSQL needed): each is an outage, raw and as drizzle wraps it; a wrong statement is not.
 */

const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** A loopback server that does `onConnect` with each connection; its port. */
async function fakeServer(onConnect: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnect(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as net.AddressInfo).port;
}

/** A PostgreSQL ErrorResponse message (what the server sends before closing a refused start-up). */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** A server that answers the start-up message with `code`: PostgreSQL shutting down, starting, refusing. */
const refusingWith = (code: string, message: string) =>
  fakeServer((socket) => socket.once('data', () => socket.end(errorResponse(code, message))));

const poolOn = (port: number, extra: pg.PoolConfig = {}) => {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', ...extra });
  pool.on('error', () => undefined);
  return pool;
};

/** What a query through the pool rejects with, and the same query through drizzle. */
async function failures(port: number, extra: pg.PoolConfig = {}): Promise<{ raw: unknown; wrapped: unknown }> {
  const pool = poolOn(port, extra);
  try {
    const raw = await pool.query('select 1').then(
      () => new Error('the query succeeded'),
      (err: unknown) => err,
    );
    const wrapped = await drizzle({ client: pool })
      .execute(sql`select 1`)
      .then(
        () => new Error('the query succeeded'),
        (err: unknown) => err,
      );
    return { raw, wrapped };
  } finally {
    await pool.end();
  }
}

function expectOutage({ raw, wrapped }: { raw: unknown; wrapped: unknown }, message: RegExp) {
  expect(String((raw as Error).message)).toMatch(message);
  expect(isDatabaseUnavailable(raw)).toBe(true);
  expect(wrapped).toBeInstanceOf(DrizzleQueryError);
  expect(isDatabaseUnavailable(wrapped)).toBe(true);
}

describe('isDatabaseUnavailable', () => {
  it('knows a refused connection', async () => {
    const port = await fakeServer(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const got = await failures(port);
    expect((got.raw as { code?: string }).code).toBe('ECONNREFUSED');
    expectOutage(got, /ECONNREFUSED/);
  });

  it('knows a reset connection', async () => {
    const port = await fakeServer((socket) => socket.resetAndDestroy());
    const got = await failures(port);
    expect((got.raw as { code?: string }).code).toBe('ECONNRESET');
    expectOutage(got, /ECONNRESET/);
  });

  it('knows a connection the server closes', async () => {
    const port = await fakeServer((socket) => socket.once('data', () => socket.destroy()));
    expectOutage(await failures(port), /^Connection terminated unexpectedly$/);
  });

  it("knows the pool's connection timeout, for a new connection and for a wait in the pool's queue", async () => {
    // Accepts and never answers: the server is hung, or a network drops the packets.
    const port = await fakeServer(() => undefined);
    const pool = poolOn(port, { max: 1, connectionTimeoutMillis: 50 });
    try {
      const [connecting, queued] = await Promise.all(
        [1, 2].map(() =>
          pool.query('select 1').then(
            () => new Error('the query succeeded'),
            (err: unknown) => err,
          ),
        ),
      );
      expect((connecting as Error).message).toBe('Connection terminated due to connection timeout');
      expect((queued as Error).message).toBe('timeout exceeded when trying to connect');
      expect(isDatabaseUnavailable(connecting)).toBe(true);
      expect(isDatabaseUnavailable(queued)).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], queued as Error))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('knows shutdown, crash shutdown, "cannot connect now" and every connection exception (class 08)', async () => {
    for (const [code, message] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection due to crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['08006', 'connection failure'],
      ['08001', 'could not establish connection'],
    ] as const) {
      const got = await failures(await refusingWith(code, message));
      expect((got.raw as { code?: string }).code, code).toBe(code);
      expectOutage(got, new RegExp(message));
    }
  });

  it("looks into Node's AggregateError of a multi-address connect", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true);
  });

  it('does not take a wrong statement, a rule or anything else for an outage', async () => {
    for (const [code, message] of [
      ['23505', 'duplicate key value violates unique constraint "users_email_lower_key"'],
      ['42601', 'syntax error at or near "selec"'],
      ['28P01', 'password authentication failed for user "x"'],
      ['57014', 'canceling statement due to statement timeout'],
    ] as const) {
      const got = await failures(await refusingWith(code, message));
      expect((got.raw as { code?: string }).code, code).toBe(code);
      expect(isDatabaseUnavailable(got.raw), code).toBe(false);
      expect(isDatabaseUnavailable(got.wrapped), code).toBe(false);
    }
    for (const err of [
      new Error('boom'),
      new AppError('NOT_FOUND'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      null,
      undefined,
      'ECONNREFUSED',
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
    const cyclic: Error & { cause?: unknown } = new Error('a');
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
