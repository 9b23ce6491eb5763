import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricesApi } from '../../../contract/prices';
import type { ServerContext } from '../../context';
import { notFound } from '../../lib/errors';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { coinLogoSvg, genericCoinLogoSvg } from './logos';
import { getBtcHistory, getMarket, getRate, getRates } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache-Control for a successful answer of a public, non-personal route. */
    cacheControl?: string;
  }
}

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

    // The dashboard polls its two pairs every 30 s.
    serve(app, pricesApi.rate, ({ params }) => getRate(ctx.db, params.symbol), {
      config: { ...perIp(300, 1), ...SHORT_CACHE },
    });
    // The asset page's ten pairs in one request; a pair we do not price answers its own error in place.
    serve(app, pricesApi.rates, async ({ query }) => ({ data: await getRates(ctx.db, query.pairs) }), {
      config: { ...perIp(120, 1), ...SHORT_CACHE },
    });
    serve(app, pricesApi.market, () => getMarket(ctx.db), { config: { ...perIp(120, 1), ...SHORT_CACHE } });
    serve(app, pricesApi.btcHistory, ({ query }) => getBtcHistory(ctx.db, query.days), {
      config: { ...perIp(60, 1), cacheControl: 'public, max-age=300' },
    });
    serve(
      app,
      pricesApi.coinLogo,
      async ({ params }, _request, reply) => {
        const name = params.file.slice(0, -'.svg'.length);
        const svg = name.toLowerCase() === 'generic' ? genericCoinLogoSvg() : coinLogoSvg(name);
        if (!svg) throw notFound('No logo for this coin');
        return reply.type('image/svg+xml; charset=utf-8').send(svg);
      },
      { config: { ...perIp(600, 1), cacheControl: 'public, max-age=86400' } },
    );
  };
}
