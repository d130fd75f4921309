// A PostgreSQL LISTEN connection that reopens itself, with back-off and jitter, when the connection is lost: how
// app processes hear of each other's card page changes. Part of the database module (db.server.ts).
import pg from "pg";

export interface ChannelHandlers {
  onNotification(payload: string): void;
  /** Listening again after a lost connection. Notifications sent while it was down are lost for good. */
  onReconnect(): void;
  /** The connection was lost, or an attempt to reopen it failed; another attempt follows. */
  onConnectionError?(error: Error): void;
}

export interface ChannelListener {
  stop(): Promise<void>;
}

/** Delay before reopening a lost listening connection: doubles per failed attempt, up to maxMs. */
export type Backoff = { firstMs: number; maxMs: number };

/** Shown in pg_stat_activity, so an operator can tell the listening connections from the pool's. */
export const LISTENER_APPLICATION_NAME = "tapcard-listener";

export async function listenOn(
  databaseUrl: string,
  channel: string,
  handlers: ChannelHandlers,
  backoff: Backoff = { firstMs: 250, maxMs: 10_000 },
): Promise<ChannelListener> {
  let client: pg.Client | undefined; // the connection that is listening now, if any
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function open() {
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5000,
      // The connection sits idle between notifications: keepalives notice a peer that went away.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? "");
    });
    // An idle client reports a lost connection as events; without a handler 'error' would crash the process.
    c.on("error", (error) => lost(c, error));
    c.on("end", () => lost(c, new Error("The listening connection was closed")));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => {});
      throw error;
    }
    return c;
  }

  function lost(c: pg.Client, error: Error) {
    if (c !== client || stopped) return; // 'error' and 'end' both arrive for one loss
    client = undefined;
    c.end().catch(() => {});
    handlers.onConnectionError?.(error);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    // Jitter, so that app processes cut off together do not all come back at the same instant.
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures++;
    retry = setTimeout(reconnect, delay);
  }

  async function reconnect() {
    retry = undefined;
    if (stopped) return;
    let c: pg.Client;
    try {
      c = await open();
    } catch (error) {
      if (stopped) return;
      handlers.onConnectionError?.(error as Error);
      scheduleReconnect();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    handlers.onReconnect();
  }

  client = await open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (!c) return;
      // A goodbye to a server that no longer answers must not hold up shutdown.
      const giveUp = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
      await Promise.race([c.end().catch(() => {}), giveUp]);
    },
  };
}
