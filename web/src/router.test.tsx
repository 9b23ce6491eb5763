import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { publicFirst, routes } from './router';

/** Every route path of a tree, joined from the root ('' for pathless and index routes). */
function paths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}` : parent;
    return [path, ...paths(route.children ?? [], path)];
  });
}

/** The routes that would draw `path` in `tree`, by path (a layout's by what it draws). */
const drawing = (tree: RouteObject[], path: string) =>
  (matchRoutes(tree, path) ?? []).map(({ route }) => route.path ?? (route.index ? 'index' : layout(route)));
const layout = (route: RouteObject) =>
  route.element && typeof route.element === 'object' && 'type' in route.element
    ? (route.element.type as { name?: string }).name
    : 'lazy';

const PUBLIC = ['/', '/plans', '/register', '/register/alice', '/login', '/app/unauthorized', '/no/such/page'];
const SIGNED_IN = ['/app/alice/dashboard', '/app/admin/manage-users', '/app/admin', '/app', '/app/alice/no-such-page'];

describe("the browser's router", () => {
  it('starts with the public pages alone, each drawn by the same routes as in the whole tree', () => {
    const start = publicFirst().routes;
    expect(paths(start)).not.toContain('/app/:userName/dashboard');
    expect(paths(start)).not.toContain('/app/admin/dashboard');
    // Less than half the paths React Router would flatten and rank up front.
    expect(paths(start).length * 2).toBeLessThan(paths(routes).length);
    for (const path of PUBLIC) expect(drawing(start, path), path).toEqual(drawing(routes, path));
  });

  it('adds the signed-in areas on the first navigation under /app, once, and then matches as the whole tree', async () => {
    const { routes: start, patchRoutesOnNavigation } = publicFirst();
    const router = createMemoryRouter(start, { initialEntries: ['/plans'], patchRoutesOnNavigation });
    // The Plans page's code loads; no signed-in route yet.
    await new Promise<void>((resolve) => {
      if (router.state.initialized) return resolve();
      const stop = router.subscribe((state) => state.initialized && (stop(), resolve()));
    });
    expect(paths(router.routes)).not.toContain('/app/:userName/dashboard');
    const patches: string[] = [];
    const patch = (id: string | null) => void patches.push(String(id));
    const signal = new AbortController().signal;
    for (const path of ['/plans', '/register/alice', '/no/such/page'])
      await patchRoutesOnNavigation({ path, patch, signal, matches: [], fetcherKey: undefined });
    expect(patches).toEqual([]);

    // A navigation the signed-in areas answer: the router asks, and they join.
    await router.navigate('/app/alice/no-such-page');
    expect(paths(router.routes)).toContain('/app/:userName/dashboard');
    expect(paths(router.routes)).toContain('/app/admin/dashboard');
    for (const path of [...PUBLIC, ...SIGNED_IN])
      expect(drawing(router.routes as RouteObject[], path), path).toEqual(drawing(routes, path));
    router.dispose();
  });

  it('does not add them for a navigation that was called off before they joined', async () => {
    const { patchRoutesOnNavigation } = publicFirst();
    const patches: string[] = [];
    const patch = (id: string | null) => void patches.push(String(id));
    const called = new AbortController();
    const going = patchRoutesOnNavigation({
      path: '/app/alice/dashboard',
      patch,
      signal: called.signal,
      matches: [],
      fetcherKey: undefined,
    });
    called.abort();
    await going;
    expect(patches).toEqual([]);
    // The next one adds them, and only it.
    const signal = new AbortController().signal;
    for (const path of ['/app/alice/dashboard', '/app/admin'])
      await patchRoutesOnNavigation({ path, patch, signal, matches: [], fetcherKey: undefined });
    expect(patches).toEqual(['app']);
  });
});
