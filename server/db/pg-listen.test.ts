import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase } from '../test/db';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { listenOnPostgres } from './pg-listen';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The listener's states and notifications as they come, each awaitable. */
function recorder() {
  const seen: string[] = [];
  let waiting: { what: string; resolve: () => void } | null = null;
  const push = (what: string) => {
    seen.push(what);
    if (waiting?.what === what) {
      waiting.resolve();
      waiting = null;
    }
  };
  return {
    seen,
    handlers: { notify: (payload: string) => push(`notify ${payload}`), live: (up: boolean) => push(`live ${up}`) },
    /** Resolves at the next `what` (not one already seen). */
    next: (what: string) => new Promise<void>((resolve) => (waiting = { what, resolve })),
  };
}

describe.skipIf(!serverUrl)(
  `listening for a channel on PostgreSQL${serverUrl ? '' : ' (needs TEST_DATABASE_URL)'}`,
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let proxy: TcpProxy;
    let viaProxy: string;
    const notify = async (payload: string) => {
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query(`select pg_notify('test_channel', $1)`, [payload]);
      await client.end();
    };

    beforeAll(async () => {
      scratch = await createScratchDatabase(serverUrl!, 't');
      const server = new URL(serverUrl!);
      proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const url = new URL(scratch.url);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      viaProxy = url.toString();
    });
    afterAll(async () => {
      await proxy?.close();
      await scratch?.drop();
    });

    it('hears notifications, and counts a connection that silently stops answering as lost, then listens again', async () => {
      const events = recorder();
      const stop = await listenOnPostgres(viaProxy, 'test_channel', events.handlers, { heartbeatMs: 200 });
      try {
        expect(events.seen).toEqual(['live true']);
        const heard = events.next('notify one');
        await notify('one');
        await heard;

        // Nothing closes, nothing errors: only the heartbeat's unanswered `select 1` tells.
        const lost = events.next('live false');
        proxy.freeze();
        await lost;
        // Missed while deaf: nobody may rely on the listener for it.
        await notify('missed');
        const back = events.next('live true');
        proxy.restore();
        await back;
        const again = events.next('notify two');
        await notify('two');
        await again;
        expect(events.seen).toEqual(['live true', 'notify one', 'live false', 'live true', 'notify two']);
      } finally {
        await stop();
      }
    });
  },
);
