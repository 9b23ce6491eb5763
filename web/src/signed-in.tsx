import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isLocale, type Locale } from '@contract/locales';
import { createQueryClient, queryKeys } from './api/queries';
import { hrefOf } from './api/call';
import { apiOf } from './api/routes';
import { sessionOf, type Session } from './api/session';
import { dashboardFirstReads } from './api/first-reads';
import { writeDatesIn } from './lib/format';
import { userBase } from './lib/paths';
import { drawPage } from './prerender';

const authApi = apiOf('authApi');

/** A signed-in page drawn by the server: its markup, its language and the reads it was drawn from. */
export interface SignedInPage {
  markup: string;
  lng: Locale;
  state: DehydratedState;
}

/** Answers a GET of the API as the visitor (their cookie); throws on anything but a success. */
export type ReadAsVisitor = (url: string) => Promise<unknown>;

// One render at a time (the reads before it run side by side): a render makes its language's
// instance, and its visitor's time zone, the ones the format helpers read.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The investor dashboard drawn on the server for the signed-in visitor
 * (server/plugins/signed-in-pages.ts), so a phone paints the figures from the HTML instead of
 * after the app's code and its reads. Its first screen's reads are made as the visitor (`read`)
 * and handed to the browser with the page, which then hydrates from them (main.tsx); dates are
 * written in `timeZone`, the browser's, when known. Null when the path is not the caller's own
 * dashboard: the browser draws that page itself.
 */
export async function renderSignedIn(
  pathAndQuery: string,
  fallbackLng: Locale,
  read: ReadAsVisitor,
  timeZone?: string,
): Promise<SignedInPage | null> {
  const url = new URL(pathAndQuery, 'http://signed-in.invalid');
  const { user } = (await read(hrefOf(authApi.whoAmI))) as { user: Session & { locale: string | null } };
  const session = sessionOf(user);
  if (session.role !== 'user' || url.pathname !== `${userBase(session.userName)}/dashboard`) return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, session);
  const reads = dashboardFirstReads(session.id, url.search);
  const answers = await Promise.all(reads.map((r) => read(r.url)));
  reads.forEach((r, i) => queryClient.setQueryData(r.queryKey, answers[i]));
  const lng = isLocale(user.locale) ? user.locale : fallbackLng;
  const next = queue.then(() => render(url, lng, queryClient, timeZone));
  queue = next.catch(() => undefined);
  return next;
}

async function render(
  url: URL,
  lng: Locale,
  queryClient: QueryClient,
  timeZone: string | undefined,
): Promise<SignedInPage | null> {
  writeDatesIn(timeZone);
  try {
    const markup = await drawPage(url, lng, queryClient);
    return markup === null ? null : { markup, lng, state: dehydrate(queryClient) };
  } finally {
    writeDatesIn(undefined);
  }
}
