import type { Route, RouteInput, RouteOutput } from '@contract/route';
import { pathOf, searchOf } from '@contract/url';
import { apiFetch } from './client';
import type { RouteRef } from './routes';

/** `input` may be left out when the route needs none of params, query or body. */
/** `form` sends a multipart body (a file upload) in place of a JSON one. */
interface CallOptions {
  signal?: AbortSignal;
  form?: FormData;
}

/** The contract route a reference stands for (a whole route object stands for itself, as in tests). */
type RouteOf<F> = F extends Route ? F : F extends RouteRef<infer R> ? R : never;

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
const pathAndQuery = (r: RouteRef, input: Parts = {}) => pathOf(r.path, input.params) + searchOf(input.query);

/** The URL of a route, for answers that are not JSON (downloads, links). */
export function hrefOf<F extends RouteRef>(r: F, ...[input]: Args<RouteOf<F>>): string {
  return `/api${pathAndQuery(r, input as Parts | undefined)}`;
}

/** Calls a contract route: path parameters, query and body from `input`, the answer typed by the route. */
export function call<F extends RouteRef>(
  r: F,
  ...[input, options]: Args<RouteOf<F>>
): Promise<RouteOutput<RouteOf<F>>> {
  const parts = input as Parts | undefined;
  return apiFetch<RouteOutput<RouteOf<F>>>(pathAndQuery(r, parts), {
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
export const keyOf = <F extends RouteRef>(r: F, input?: RouteInput<RouteOf<F>>) =>
  (input === undefined ? [r.path] : [r.path, input]) as readonly unknown[];
