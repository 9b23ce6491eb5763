import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTimeZone, TIME_ZONE_COOKIE } from '../../contract/dates';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../contract/locales';
import { requestLocale, withLang } from '../lib/locale';
import { SESSION_COOKIE } from './auth';

/** The pages the server draws for a signed-in visitor: the investor dashboard. */
export const SIGNED_IN_PAGE = '/app/:userName/dashboard';

/** What the build's `ssr/signed-in.mjs` (web/src/signed-in.tsx) exports. */
export interface SignedInRenderer {
  renderSignedIn(
    pathAndQuery: string,
    fallbackLng: Locale,
    read: (url: string) => Promise<unknown>,
    timeZone?: string,
  ): Promise<{ markup: string; lng: Locale; state: unknown } | null>;
}

/** A read the page could not be drawn from (signed out, suspended, the database away). */
class NotReadable extends Error {}

const ROOT = '<div id="root"></div>';

/**
 * Pages being drawn at once, at most; beyond, a load gets the plain shell (the browser draws it,
 * as it did before the server could). A drawn page is ~40 ms of this process's one thread (its
 * reads and the render), so a burst of loads must not queue behind each other.
 */
export const MAX_DRAWS_IN_FLIGHT = 8;

/** JSON inside a `<script type="application/json">`: no `<` can close the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves SIGNED_IN_PAGE drawn on the server for the visitor whose session it is: their own
 * dashboard's markup, in their language, with the reads it was drawn from (the browser renders
 * from them without asking again, web/src/api/server-reads.ts). The reads go through the app's
 * own API as the visitor (their cookie), so they see exactly what the API would show them. Any
 * other visitor, path or failure gets the plain shell, as before: the browser draws the page.
 * Needs the build's `ssr/` folder beside `webDist`; without it, or without `renderer`, nothing
 * is registered and the SPA fallback serves the path.
 */
export function installSignedInPages(
  app: FastifyInstance,
  opts: { webDist: string; indexHtml: string; renderer?: () => Promise<SignedInRenderer> },
): void {
  const dir = path.join(path.dirname(path.resolve(opts.webDist)), 'ssr');
  const shells = new Map<Locale, string>();
  for (const lng of LOCALES) {
    const file = path.join(dir, `signed-in.${lng}.html`);
    if (fs.existsSync(file)) shells.set(lng, fs.readFileSync(file, 'utf8'));
  }
  const code = path.join(dir, 'signed-in.mjs');
  const load = opts.renderer ?? (() => import(pathToFileURL(code).href) as Promise<SignedInRenderer>);
  if (!opts.renderer && (!fs.existsSync(code) || !shells.has(DEFAULT_LOCALE))) return;
  let renderer: Promise<SignedInRenderer> | undefined;

  const draw = async (request: FastifyRequest): Promise<string | null> => {
    const cookie = request.headers.cookie;
    if (!cookie || !request.cookies[SESSION_COOKIE]) return null;
    const read = async (url: string) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { cookie, 'accept-language': request.headers['accept-language'] ?? '' },
      });
      if (res.statusCode !== 200) throw new NotReadable(`${url} answered ${res.statusCode}`);
      return res.json() as unknown;
    };
    renderer ??= load();
    const pagePath = request.url.split('?')[0]!;
    // Dates written in the browser's zone (its cookie), so hydration finds the same text.
    const zone = request.cookies[TIME_ZONE_COOKIE];
    const page = await (
      await renderer
    ).renderSignedIn(request.url, requestLocale(request), read, isTimeZone(zone) ? zone : undefined);
    if (!page) return null;
    const shell = shells.get(page.lng) ?? shells.get(DEFAULT_LOCALE) ?? withLang(opts.indexHtml, page.lng);
    const root =
      `<div id="root" data-server-rendered="${attribute(pagePath)}">${page.markup}</div>` +
      `<script type="application/json" id="server-reads">${scriptJson(page.state)}</script>`;
    return shell.replace(ROOT, () => root);
  };

  let inFlight = 0;
  app.get(SIGNED_IN_PAGE, { schema: { hide: true } }, async (request, reply) => {
    let html: string | null = null;
    if (inFlight < MAX_DRAWS_IN_FLIGHT) {
      inFlight += 1;
      try {
        html = await draw(request);
      } catch (err) {
        if (!(err instanceof NotReadable)) request.log.warn({ err }, 'signed-in page not drawn on the server');
      } finally {
        inFlight -= 1;
      }
    }
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Language, Cookie');
    // A drawn page holds the visitor's own figures: never kept by a cache.
    if (html) return reply.header('cache-control', 'no-store').send(html);
    return reply.header('cache-control', 'no-cache').send(withLang(opts.indexHtml, requestLocale(request)));
  });
}
