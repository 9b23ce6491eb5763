import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../api-routes';
// eslint-disable-next-line no-restricted-imports -- the table is checked against the contract's own routes
import * as apis from '@contract/apis';
import { apiOf } from './api/routes';

const webSrc = import.meta.dirname;
const contract = path.resolve(webSrc, '..', '..', 'contract');

/**
 * The modules a page loads before its first script runs: static imports only, from `entry`; and,
 * when `steps`, the entry's own dynamic imports too (main.tsx takes its start-up in steps).
 */
function staticGraph(entry: string, steps = false): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = fs.readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
      (m) => m[1]!,
    );
    if (steps && file === entry)
      specifiers.push(...[...source.matchAll(/\bimport\(['"]([^'"]+)['"]\)/g)].map((m) => m[1]!));
    graph.set(file, specifiers);
    for (const s of specifiers) {
      const base = s.startsWith('@contract/')
        ? path.join(contract, s.slice('@contract/'.length))
        : s.startsWith('.')
          ? path.resolve(path.dirname(file), s)
          : null;
      if (!base) continue;
      const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
        .map((ext) => base + ext)
        .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (resolved && /\.tsx?$/.test(resolved)) visit(resolved);
    }
  };
  visit(entry);
  return graph;
}

describe('the start-up of every page', () => {
  it('does not load zod: schemas come with the forms that validate them, not before the first paint', () => {
    const graph = staticGraph(path.join(webSrc, 'main.tsx'), true);
    expect(graph.size).toBeGreaterThan(30);
    expect([...graph.keys()]).toContain(path.join(webSrc, 'App.tsx'));
    // Home's sections under the hero load as it hydrates (lazy chunks): no zod there either.
    const home = path.join(webSrc, 'routes', 'public', 'home');
    for (const section of ['PriceMarquee', 'PlansGrid', 'PopularAssets', 'Testimonials'])
      for (const [file, imports] of staticGraph(path.join(home, `${section}.tsx`))) graph.set(file, imports);
    // Nor the asset management page, which has no form, nor the signed-in frame and the
    // investor's dashboard (its deposit form loads with its tab).
    for (const page of [
      'routes/public/assets/AssetManagement.tsx',
      'routes/app/UserArea.tsx',
      'layouts/AppLayout.tsx',
      'routes/app/dashboard/Dashboard.tsx',
    ])
      for (const [file, imports] of staticGraph(path.join(webSrc, page))) graph.set(file, imports);
    const withZod = [...graph].filter(([, imports]) => imports.some((s) => s === 'zod' || s.startsWith('zod/')));
    expect(withZod.map(([file]) => path.relative(webSrc, file))).toEqual([]);
  });

  it('sign-in screens load no modal until one opens (the device-limit dialog comes on demand)', () => {
    const modal = path.join(webSrc, 'components', 'ui', 'Modal.tsx');
    for (const screen of ['Login.tsx', 'OtpVerify.tsx']) {
      const graph = staticGraph(path.join(webSrc, 'routes', 'auth', screen));
      expect(graph.size).toBeGreaterThan(10);
      expect([...graph.keys()]).not.toContain(modal);
    }
  });

  it('calls routes by their method and path, the same as the contract declares them', () => {
    const table = routeTable();
    for (const [name, api] of Object.entries(apis)) {
      for (const [key, r] of Object.entries(api))
        expect(table[name]?.[key]).toEqual({ method: r.method, path: r.path });
    }
    expect(apiOf('authApi').whoAmI).toEqual({ method: 'GET', path: apis.authApi.whoAmI.path });
  });
});
