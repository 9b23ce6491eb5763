import table from 'virtual:api-routes';
import type * as Apis from '@contract/apis';
import type { Route } from '@contract/route';

declare const routeType: unique symbol;

/**
 * A route as the web holds it: its method and path (from web/api-routes.ts), typed by the
 * contract's route so `call` knows its input and answer, without the route's zod schemas.
 */
export interface RouteRef<R extends Route = Route> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly [routeType]?: R;
}

type Apis = typeof Apis;
type Refs<A> = { readonly [K in keyof A]: A[K] extends Route ? RouteRef<A[K]> : never };

/** The routes of one contract API (`apiOf('authApi').session`), to `call` them. */
export function apiOf<N extends keyof Apis>(name: N): Refs<Apis[N]> {
  const api = (table as Record<string, unknown>)[name];
  if (!api) throw new Error(`virtual:api-routes has no API ${name}`);
  return api as Refs<Apis[N]>;
}
