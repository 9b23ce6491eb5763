import { pathOf, searchOf, type Route, type RouteInput, type RouteOutput } from '@contract/route';
import { apiFetch } from './client';

/** `input` may be left out when the route needs none of params, query or body. */
/** `form` sends a multipart body (a file upload) in place of a JSON one. */
interface CallOptions {
  signal?: AbortSignal;
  form?: FormData;
}

type Args<R extends Route> =
  Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

interface Parts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The path and query of a route under /api (without the /api prefix). */
const pathAndQuery = (r: Route, input: Parts = {}) => pathOf(r.path, input.params) + searchOf(input.query);

/** The URL of a route, for answers that are not JSON (downloads, links). */
export function hrefOf<R extends Route>(r: R, ...[input]: Args<R>): string {
  return `/api${pathAndQuery(r, input as Parts | undefined)}`;
}

/** Calls a contract route: path parameters, query and body from `input`, the answer typed by the route. */
export function call<R extends Route>(r: R, ...[input, options]: Args<R>): Promise<RouteOutput<R>> {
  const parts = input as Parts | undefined;
  return apiFetch<RouteOutput<R>>(pathAndQuery(r, parts), {
    method: r.method,
    body: parts?.body,
    form: options?.form,
    signal: options?.signal,
  });
}

/**
 * The TanStack Query key of a route's answer: its path, then its input. Invalidating
 * `keyOf(route)` refreshes every cached answer of that route, whatever the input.
 */
export const keyOf = <R extends Route>(r: R, input?: RouteInput<R>) =>
  (input === undefined ? [r.path] : [r.path, input]) as readonly unknown[];
