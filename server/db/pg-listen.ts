import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel arrived. */
  notify(payload: string): void;
  /** Listening started (true) or stopped (false: notifications until the next true are lost). */
  live(up: boolean): void;
}

/** How long after a lost connection the listener connects again. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), connected
 * again a second after it drops, for as long as the database is away. Resolves once the first
 * attempt has succeeded or failed; the returned function stops listening.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  on: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString, application_name: `minevest-listen-${channel}` });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      on.live(false);
      client.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (msg.channel === channel) on.notify(msg.payload ?? '');
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
    on.live(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    on.live(false);
    await client?.end().catch(() => undefined);
  };
}
