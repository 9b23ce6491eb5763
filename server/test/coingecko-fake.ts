import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CoinGecko-compatible price feed on loopback, for the paths the app calls:
 * `GET /api/v3/coins/markets?vs_currency=usd&ids=…` and
 * `GET /api/v3/coins/{id}/market_chart?vs_currency=usd&days=N&interval=daily`.
 * Tests set the coins' numbers directly and can make the next calls fail (429, 500…).
 */
export interface FakeCoin {
  current_price: number | null;
  price_change_percentage_24h?: number | null;
  market_cap?: number | null;
  last_updated?: string;
}

export interface FakeCoingecko {
  /** The endpoint to put in site settings (`coingeckoEndpoint`). */
  url: string;
  coins: Map<string, FakeCoin>;
  /** [timestamp ms, price] points per coin id for market_chart. */
  charts: Map<string, [number, number][]>;
  requests: { path: string; query: Record<string, string> }[];
  /** The next `n` calls answer `status` (with these headers, e.g. Retry-After) instead of data. */
  failNext(n: number, status: number, headers?: Record<string, string>): void;
  stop(): Promise<void>;
}

export async function startCoingeckoFake(): Promise<FakeCoingecko> {
  const coins = new Map<string, FakeCoin>();
  const charts = new Map<string, [number, number][]>();
  const requests: FakeCoingecko['requests'] = [];
  let failures = { left: 0, status: 500, headers: {} as Record<string, string> };

  const server = createServer((req, res) => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    if (failures.left > 0) {
      failures.left--;
      res.writeHead(failures.status, { 'Content-Type': 'application/json', ...failures.headers });
      res.end(JSON.stringify({ status: { error_code: failures.status, error_message: 'Simulated failure' } }));
      return;
    }
    if (req.method !== 'GET' || query.vs_currency !== 'usd') return send(res, 400, { error: 'invalid vs_currency' });
    if (url.pathname === '/api/v3/coins/markets') {
      const ids = (query.ids ?? '').split(',').filter(Boolean);
      const rows = ids.flatMap((id) => {
        const c = coins.get(id);
        if (!c) return [];
        return [
          {
            id,
            symbol: id.slice(0, 4),
            name: id,
            image: `https://coin-images.example.invalid/${id}.png`,
            current_price: c.current_price,
            market_cap: c.market_cap ?? null,
            market_cap_rank: null,
            price_change_percentage_24h: c.price_change_percentage_24h ?? null,
            last_updated: c.last_updated ?? new Date().toISOString(),
          },
        ];
      });
      return send(res, 200, rows);
    }
    const chart = /^\/api\/v3\/coins\/([^/]+)\/market_chart$/.exec(url.pathname);
    if (chart) {
      const points = charts.get(decodeURIComponent(chart[1]!));
      if (!points) return send(res, 404, { error: 'coin not found' });
      return send(res, 200, { prices: points, market_caps: [], total_volumes: [] });
    }
    send(res, 404, { error: 'Not found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;

  return {
    url: base,
    coins,
    charts,
    requests,
    failNext(n, status, headers = {}) {
      failures = { left: n, status, headers };
    },
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      });
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
