import type { Plugin } from 'vite';
import * as apis from '../contract/apis';

const ID = 'virtual:api-routes';

/**
 * Each API route's method and path, by API and route name: all the web needs to call a route
 * (web/src/api/call.ts). The contract's route objects also hold their zod schemas, and importing
 * them builds every schema of the module, tens of milliseconds of start-up work on a phone for
 * schemas the web never runs; screens import the schemas they validate (forms) themselves.
 */
export function routeTable(): Record<string, Record<string, { method: string; path: string }>> {
  return Object.fromEntries(
    Object.entries(apis).map(([api, routes]) => [
      api,
      Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, { method: r.method, path: r.path }])),
    ]),
  );
}

/** Serves routeTable() as `virtual:api-routes` (the browser build, the pre-render and the web tests). */
export function apiRoutes(): Plugin {
  return {
    name: 'minevest-api-routes',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(routeTable())};` : undefined),
  };
}
