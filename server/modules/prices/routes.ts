import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  zBtcHistory,
  zBtcHistoryQuery,
  zCoinLogoParams,
  zCryptoRate,
  zMarket,
  zRatePairParams,
} from '../../../contract/prices';
import type { ServerContext } from '../../context';
import { notFound } from '../../lib/errors';
import { perIp } from '../../plugins/limits';
import { coinLogoSvg, genericCoinLogoSvg } from './logos';
import { getBtcHistory, getMarket, getRate } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control for a successful answer of a public, non-personal route. */
    cacheControl?: string;
  }
}

const errors = { 400: zErrorBody, 404: zErrorBody, 429: zErrorBody };
/** The cache changes at most once a refresh (60 s by default): browsers and proxies may reuse an answer briefly. */
const SHORT_CACHE = { cacheControl: 'public, max-age=15, stale-while-revalidate=60' };

/** Public market data, answered from the database only (see service.ts). No login needed. */
export function priceRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The app marks every API answer no-store (they carry personal data). These carry none,
    // so a successful one may be cached; this hook runs after the app-wide one.
    app.addHook('onSend', async (request, reply, payload) => {
      const cacheControl = request.routeOptions.config.cacheControl;
      if (cacheControl && reply.statusCode === 200) reply.header('cache-control', cacheControl);
      return payload;
    });

    app.get(
      '/utils/crypto-rates/:symbol',
      {
        // The asset page polls one pair per coin every 30 s.
        config: { ...perIp(300, 1), ...SHORT_CACHE },
        schema: {
          tags: ['prices'],
          summary: 'Rate of a pair from the cache: BTC_USD (USD per BTC), USD_BTC (BTC per USD), BTC_ETH',
          params: zRatePairParams,
          response: { 200: zCryptoRate, ...errors },
        },
      },
      async (request) => getRate(ctx.db, request.params.symbol),
    );

    app.get(
      '/utils/market',
      {
        config: { ...perIp(120, 1), ...SHORT_CACHE },
        schema: {
          tags: ['prices'],
          summary: 'Cached market data of the supported coins, top gainers and losers, total market cap',
          response: { 200: zMarket, 429: zErrorBody },
        },
      },
      async () => getMarket(ctx.db),
    );

    app.get(
      '/utils/market/btc-history',
      {
        config: { ...perIp(60, 1), cacheControl: 'public, max-age=300' },
        schema: {
          tags: ['prices'],
          summary: 'Daily BTC closes in USD for the Markets chart (UTC days, oldest first)',
          querystring: zBtcHistoryQuery,
          response: { 200: zBtcHistory, ...errors },
        },
      },
      async (request) => getBtcHistory(ctx.db, request.query.days),
    );

    app.get(
      '/utils/coin-logos/:file',
      {
        config: { ...perIp(600, 1), cacheControl: 'public, max-age=86400' },
        schema: {
          tags: ['prices'],
          summary:
            'A coin logo shipped with the app (image/svg+xml); generic.svg for the generic one; errors are the usual JSON',
          params: zCoinLogoParams,
        },
      },
      async (request, reply) => {
        const name = request.params.file.slice(0, -'.svg'.length);
        const svg = name.toLowerCase() === 'generic' ? genericCoinLogoSvg() : coinLogoSvg(name);
        if (!svg) throw notFound('No logo for this coin');
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
    );
  };
}
