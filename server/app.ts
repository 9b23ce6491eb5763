import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { AppError } from './lib/errors';
import { frameworkErrors, serializerCompiler, validatorCompiler } from './lib/route';
import { createSecretBox } from './lib/secrets';
import { installErrorHandling } from './plugins/errors';
import { requestLocale, withLang } from './lib/locale';
import { DEFAULT_LOCALE, LOCALES } from '../contract/locales';
import { PRERENDERED_PATHS, prerenderedFile } from '../contract/pages';
import { RateLimitMsg } from '../contract/errors';
import { failureCounters } from './plugins/limits';
import { installCsrfGuard } from './plugins/csrf';
import { installSignedInPages, type SignedInRenderer } from './plugins/signed-in-pages';
import { RequestLogController } from './plugins/request-log';
import { installSecurityHeaders } from './plugins/security-headers';
import { installPasswordChangeGate, installSessionLookup } from './plugins/auth';
import { SessionCache } from './modules/sessions/cache';
import { installStaffSecondFactorGate } from './plugins/staff-second-factor';
import { SettingsStore } from './modules/settings/service';
import { settingsRoutes } from './modules/settings/routes';
import { healthRoutes } from './modules/health/routes';
import { APP_VERSION } from './version';
import type { ServerContext } from './context';
import { Mailer } from './integrations/mailer';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { twoFactorRoutes } from './modules/twofactor/routes';
import { passkeyRoutes } from './modules/passkeys/routes';
import { avatarRoutes } from './modules/users/avatar-routes';
import { sessionRoutes } from './modules/sessions/routes';
import { activityRoutes } from './modules/activity/routes';
import { depositRoutes } from './modules/deposits/routes';
import { planRoutes } from './modules/plans/routes';
import { investmentRoutes } from './modules/investments/routes';
import { returnRoutes } from './modules/investments/returns-routes';
import { referralRoutes } from './modules/referrals/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { transactionRoutes } from './modules/transactions/routes';
import { payoutRoutes } from './modules/users/payout-routes';
import { jobRoutes } from './modules/jobs/routes';
import { priceRoutes } from './modules/prices/routes';
import { contactRoutes } from './modules/contact/routes';
import { kycRoutes } from './modules/kyc/routes';
import { emailTemplateRoutes } from './modules/email-templates/routes';
import { mailRoutes } from './modules/mail/routes';
import { proofOfLiabilitiesRoutes } from './modules/proof-of-liabilities/routes';
import { Scheduler } from './jobs/scheduler';
import type { SocialProvider } from '../contract/settings';
import { OAUTH_ENDPOINTS, type OAuthEndpoints } from './integrations/oauth';
import { socialAuthRoutes } from './modules/auth/social-routes';
import { auditRoutes } from './modules/audit/routes';
import { reportRoutes } from './modules/reports/routes';
import { manageUserRoutes } from './modules/users/manage-routes';
import { installSiteMonitor } from './modules/metrics/site-monitor';
import { siteHealthRoutes } from './modules/metrics/site-health';
import { settingsTestRoutes } from './modules/settings/test-routes';
import { notificationRoutes } from './modules/notifications/routes';
import { supportRoutes } from './modules/support/routes';
import { NotificationDelivery } from './modules/notifications/delivery';
import { platformJobs } from './jobs';
import { TELEGRAM_API_URL } from './integrations/telegram';
import { siteLinkBase } from './context';
import type { TrustProxy } from './lib/trust-proxy';
import { databaseStorage } from './modules/storage/database';
import type { FileStorage } from './modules/storage/storage';

export interface AppDeps {
  database: Database;
  appSecret: string;
  /** Public origin of the site (PUBLIC_URL); also accepted as Origin for CSRF. */
  publicUrl?: string;
  /** Signed-in reads take the session from a cache kept current by the database's signals (default on). */
  sessionCache?: boolean;
  /** Rate limits are shared through Redis when set, else kept in memory. */
  redisUrl?: string;
  /** Folder of the built web app; the SPA is served from it when it holds index.html. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Which `X-Forwarded-*` headers to believe; none by default (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  /** Injectable clock for sessions and jobs. */
  now?: () => Date;
  /** Where uploaded files live (main.ts: from STORAGE_URL); defaults to the database store on `database`. */
  storage?: FileStorage;
  /** The job scheduler main.ts runs; when absent the app keeps its own, without timers (tests). */
  scheduler?: Scheduler;
  /**
   * Multiplies every rate limit, per IP and per account. Only the browser tests set it
   * (NODE_ENV=test): all their visitors come from one address, and their one shared admin
   * signs in from every spec, far more often than people would.
   */
  rateLimitFactor?: number;
  /** Social sign-in endpoints per provider; tests point them at a loopback fake. */
  oauthEndpoints?: Partial<Record<SocialProvider, OAuthEndpoints>>;
  /** Telegram Bot API base URL; a loopback fake in tests. */
  telegramApiUrl?: string;
  /** API tests: a route that answers an error code its contract route does not list answers 500. */
  checkErrorCodes?: boolean;
  /** Development: the mailer prints each mail's links to the log (main.ts, NODE_ENV=development). */
  logMailLinks?: boolean;
  /** Draws signed-in pages on the server; by default the build's `ssr/signed-in.mjs` beside webDist. */
  signedInRenderer?: () => Promise<SignedInRenderer>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsStore;
    database: Database;
    notificationDelivery: NotificationDelivery;
    sessionCache: SessionCache;
  }
}

export type App = FastifyInstance;

/** A verified session is re-read from the database after a minute even if nothing signalled. */
const SESSION_CACHE_TTL_MS = 60_000;
/** ~300 bytes each: at most a few MB per instance. */
const SESSION_CACHE_ENTRIES = 10_000;

/** Registers plugins, hooks and modules. Used by main.ts and by every API test. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const now = deps.now ?? (() => new Date());
  const trust = deps.trustProxy ?? false;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLogController(),
    // A hop count in proxy-addr's function form (Fastify's types lack the number form).
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: 1_048_576,
    // Our own ids are numbers; refuse absurd URLs early.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only: text/plain is what a cross-site form could send without a preflight.
  app.removeContentTypeParser('text/plain');

  const indexFile = deps.webDist ? path.join(deps.webDist, 'index.html') : null;
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  installErrorHandling(app, {
    webIndexHtml: (request) => (indexHtml ? withLang(indexHtml, requestLocale(request)) : null),
  });

  const box = createSecretBox(deps.appSecret);
  const settings = new SettingsStore(deps.database.db, box, app.log);
  installSecurityHeaders(app, {
    https: deps.publicUrl?.startsWith('https://') ?? false,
    liveChatEnabled: async () => (await settings.get()).liveChatWidgetId !== '',
  });
  await app.register(cookie);

  let redis: import('ioredis').Redis | undefined;
  if (deps.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limits fall back to allowing requests)'));
    // Commands are not queued while disconnected, so wait (briefly) for the first connection.
    const client = redis;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  // Routes opt in with `config: { rateLimit: {...} }`; nothing is limited globally.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true, nameSpace: 'minevest-rl-' } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', RateLimitMsg.retryInSeconds(Math.ceil(ctx.ttl / 1000))),
  });
  // The login lockout's counters, in the same store as the rate limits.
  app.decorate('failureCounters', failureCounters(redis));

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MineVest API',
        version: APP_VERSION,
        description: 'Investor and back-office API. Money is decimal USD with at most 2 decimals.',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'LoginToken' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  installCsrfGuard(app, { publicUrl: deps.publicUrl });
  const sessionCache = new SessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_ENTRIES });
  if (deps.sessionCache ?? true) {
    const stopListening = await deps.database.listen('session_changed', {
      notify: () => sessionCache.clear(),
      live: (up) => {
        sessionCache.setLive(up);
        app.log.info(up ? 'session cache on: listening for session changes' : 'session cache off: not listening');
      },
    });
    app.addHook('onClose', stopListening);
  }
  app.decorate('sessionCache', sessionCache);
  installSessionLookup(app, { db: deps.database.db, now, cache: sessionCache });
  installStaffSecondFactorGate(app, { db: deps.database.db, settings });
  installPasswordChangeGate(app);
  const siteMonitor = installSiteMonitor(app, deps.database.db, Date.now());

  app.decorate('settings', settings);
  app.decorate('rateLimitFactor', deps.rateLimitFactor ?? 1);
  app.decorate('database', deps.database);
  app.decorate('checkErrorCodes', deps.checkErrorCodes ?? false);
  const ctx: ServerContext = {
    db: deps.database.db,
    box,
    settings,
    mailer: new Mailer(deps.database.db, () => settings.get(), app.log, box, { logLinks: deps.logMailLinks }),
    now,
    publicUrl: deps.publicUrl,
    storage: deps.storage ?? databaseStorage(deps.database.db),
    log: app.log,
  };

  const telegram = {
    db: ctx.db,
    driver: deps.database.driver,
    apiUrl: deps.telegramApiUrl ?? TELEGRAM_API_URL,
    token: async () => (await settings.get()).telegramBotToken,
  };
  const delivery = new NotificationDelivery({
    db: ctx.db,
    mailer: ctx.mailer,
    settings: () => settings.get(),
    telegramApiUrl: telegram.apiUrl,
    linkBase: () => siteLinkBase(ctx),
    log: app.log,
    now,
  });
  app.decorate('notificationDelivery', delivery);
  // Email/Telegram copies go out right after the write that queued them, never inside it.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') delivery.kick();
    done();
  });
  app.addHook('onClose', () => delivery.idle());
  // One scheduler per app; main.ts passes the one it starts, tests get one without timers.
  const scheduler = deps.scheduler ?? new Scheduler(ctx.db, app.log, now);
  for (const job of platformJobs({ settings, delivery, telegram })) scheduler.add(job);

  const startedAt = Date.now();
  await app.register(healthRoutes(deps.database, APP_VERSION, startedAt), { prefix: '/api' });
  await app.register(settingsRoutes(settings), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(socialAuthRoutes(ctx, { ...OAUTH_ENDPOINTS, ...deps.oauthEndpoints }), { prefix: '/api' });
  await app.register(userRoutes(ctx), { prefix: '/api' });
  await app.register(avatarRoutes(ctx), { prefix: '/api' });
  await app.register(twoFactorRoutes(ctx), { prefix: '/api' });
  await app.register(passkeyRoutes(ctx), { prefix: '/api' });
  await app.register(sessionRoutes(ctx), { prefix: '/api' });
  await app.register(activityRoutes(ctx), { prefix: '/api' });
  await app.register(depositRoutes(ctx), { prefix: '/api' });
  await app.register(planRoutes(ctx), { prefix: '/api' });
  await app.register(investmentRoutes(ctx), { prefix: '/api' });
  await app.register(returnRoutes(ctx), { prefix: '/api' });
  await app.register(referralRoutes(ctx), { prefix: '/api' });
  await app.register(metricsRoutes(ctx), { prefix: '/api' });
  await app.register(withdrawalRoutes(ctx), { prefix: '/api' });
  await app.register(transactionRoutes(ctx), { prefix: '/api' });
  await app.register(payoutRoutes(ctx), { prefix: '/api' });
  await app.register(jobRoutes(ctx, scheduler, siteMonitor), { prefix: '/api' });
  await app.register(priceRoutes(ctx), { prefix: '/api' });
  await app.register(contactRoutes(ctx), { prefix: '/api' });
  await app.register(auditRoutes(ctx), { prefix: '/api' });
  await app.register(reportRoutes(ctx), { prefix: '/api' });
  await app.register(manageUserRoutes(ctx), { prefix: '/api' });
  await app.register(siteHealthRoutes(ctx, siteMonitor), { prefix: '/api' });
  await app.register(settingsTestRoutes(ctx), { prefix: '/api' });
  await app.register(notificationRoutes(ctx, telegram), { prefix: '/api' });
  await app.register(supportRoutes(ctx), { prefix: '/api' });
  await app.register(kycRoutes(ctx), { prefix: '/api' });
  await app.register(mailRoutes(ctx), { prefix: '/api' });
  await app.register(emailTemplateRoutes(ctx), { prefix: '/api' });
  await app.register(proofOfLiabilitiesRoutes(ctx), { prefix: '/api' });

  if (indexHtml && deps.webDist) {
    await app.register(fastifyStatic, {
      root: deps.webDist,
      wildcard: true,
      // The build writes .br/.gz beside each asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts content-hashed files under assets/: safe to cache for a year.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    installSignedInPages(app, { webDist: deps.webDist, indexHtml, renderer: deps.signedInRenderer });
    // The build pre-renders the public pages once per language (contract/pages.ts, web/src/prerender.tsx);
    // each is sent for its own path only, so no other path shows its markup before its own page
    // renders, in the visitor's language (cookie, else Accept-Language).
    const webDist = deps.webDist;
    for (const pagePath of PRERENDERED_PATHS) {
      const built = new Set(LOCALES.filter((l) => fs.existsSync(path.join(webDist, prerenderedFile(l, pagePath)))));
      if (built.size === 0) continue;
      app.get(pagePath, { schema: { hide: true } }, (request, reply) => {
        const locale = requestLocale(request);
        reply.header('vary', 'Accept-Language, Cookie');
        return reply.sendFile(prerenderedFile(built.has(locale) ? locale : DEFAULT_LOCALE, pagePath));
      });
    }
  }
  return app;
}
