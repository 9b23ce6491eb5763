import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { ReleasingPool } from './pg-pool';

/**
 * A loopback stand-in for PostgreSQL: it lets a client in (trust authentication) and answers
 * every statement, except that it drops the connection on a statement matching `dropOn`, as a
 * server does that goes away between a client's checkout and its BEGIN.
 */
const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
const commandComplete = (tag: string) => message('C', Buffer.from(`${tag}\0`));

let server: net.Server;
let port: number;
const dropOn = /\bbegin\b/i;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    let started = false;
    socket.on('data', (chunk: Buffer) => {
      if (!started) {
        started = true;
        socket.write(Buffer.concat([authenticationOk, readyForQuery]));
        return;
      }
      // A simple query ('Q'): its text follows the 5-byte header.
      const text = chunk.subarray(5).toString().replace(/\0/g, '');
      if (dropOn.test(text)) socket.destroy();
      else socket.write(Buffer.concat([commandComplete('SELECT 0'), readyForQuery]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const options = () => ({ host: '127.0.0.1', port: port, user: 'x', database: 'x', max: 1 });

describe('ReleasingPool', () => {
  it('survives a transaction losing its connection at BEGIN and gives its client back to the pool', async () => {
    const pool = new ReleasingPool(options());
    pool.on('error', () => undefined);
    try {
      const db = drizzle({ client: pool });
      for (let i = 0; i < 3; i++) {
        const failed = await db
          .transaction(async () => 'never')
          .then(
            () => new Error('the transaction committed'),
            (err: unknown) => err,
          );
        expect(isDatabaseUnavailable(failed)).toBe(true);
        // Dropped, not kept checked out: the one-client pool can connect again.
        expect([pool.totalCount, pool.idleCount, pool.waitingCount]).toEqual([0, 0, 0]);
      }
      // Plain statements still work through the same pool.
      await db.execute(sql`select 1`);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('releases once when its holder releases after a failed first statement too', async () => {
    const pool = new ReleasingPool(options());
    pool.on('error', () => undefined);
    try {
      const client = await pool.connect();
      await expect(client.query('begin')).rejects.toThrow('Connection terminated unexpectedly');
      expect(() => client.release()).not.toThrow();
      expect(pool.totalCount).toBe(0);
      // A client whose first statement succeeded is released normally and goes back as it was.
      const again = await pool.connect();
      await again.query('select 1');
      again.release();
      expect(again.query).toBe(pg.Client.prototype.query);
      expect(again.listenerCount('error')).toBe(1); // the pool's own, for an idle client
      const reused = await pool.connect();
      reused.release();
      expect(reused).toBe(again);
    } finally {
      await pool.end();
    }
  });

  it('is what plain pg.Pool lacks under drizzle 0.45 (drizzle-team/drizzle-orm#6241)', async () => {
    const pool = new pg.Pool(options());
    pool.on('error', () => undefined);
    pool.on('acquire', (client) => client.on('error', () => undefined));
    const db = drizzle({ client: pool });
    await db.transaction(async () => 'never').catch(() => undefined);
    // The failed transaction's client is still counted as checked out: nothing will give it back.
    expect([pool.totalCount, pool.idleCount]).toEqual([1, 0]);
  });
});
