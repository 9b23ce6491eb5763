import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel arrived. */
  notify(payload: string): void;
  /** Listening started (true) or stopped (false: notifications until the next true are lost); changes only. */
  live(up: boolean): void;
}

/** How long after a lost connection the listener connects again. */
const RECONNECT_MS = 1000;

export interface ListenTiming {
  /**
   * How often the connection is asked `select 1`, and how long each answer may take: a network
   * that silently stopped would otherwise leave it deaf without an error, for as long as TCP's
   * keepalive takes (minutes); it is counted lost instead, as is a connection that takes longer to open.
   */
  heartbeatMs: number;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), connected
 * again a second after it drops, for as long as the database is away. Resolves once the first
 * attempt has succeeded or failed; the returned function stops listening.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  on: ListenHandlers,
  timing: ListenTiming = { heartbeatMs: 5000 },
): Promise<() => Promise<void>> {
  let stopped = false;
  let live = false;
  const setLive = (up: boolean) => {
    if (up !== live) on.live((live = up));
  };
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({
      connectionString,
      application_name: `minevest-listen-${channel}`,
      connectionTimeoutMillis: timing.heartbeatMs,
      query_timeout: timing.heartbeatMs,
    });
    let lost = false;
    let heartbeat: NodeJS.Timeout | undefined = undefined;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      if (current === client) current = null;
      setLive(false);
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (!lost && msg.channel === channel) on.notify(msg.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    heartbeat = setInterval(() => {
      client.query('select 1').catch(onLost);
    }, timing.heartbeatMs).unref();
    setLive(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    setLive(false);
    await client?.end().catch(() => undefined);
  };
}
