import { fileURLToPath, pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { LOCALES, type Locale } from '../contract/locales';
import { PRERENDERED_PATHS, prerenderedFile } from '../contract/pages';
import { apiRoutes } from './api-routes';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@contract/x` is the shared contract, from any depth of web/src. */
const resolve = { alias: { '@contract': path.resolve(webRoot, '..', 'contract') } };

/**
 * Pre-renders the public pages (PRERENDERED_PATHS, contract/pages.ts) into pages/<lang>/<path>.html, once per
 * language (each served for its own path only, by the visitor's language, see server/app.ts):
 * builds src/prerender.tsx for Node, renders each page with the same routes and providers as
 * the browser, and puts the markup into the built index.html's #root, marked with its path.
 */
async function prerenderPages(outDir: string): Promise<void> {
  // Beside the web app, not in it (nothing there is served): the pre-render's code, and the
  // server's render of signed-in pages (src/signed-in.tsx), whole, as production installs no
  // React (a devDependency).
  const ssrOut = serverRenderDir(outDir);
  await build({
    configFile: false,
    root: webRoot,
    resolve,
    logLevel: 'warn',
    plugins: [react(), apiRoutes()],
    ssr: { noExternal: true },
    build: {
      ssr: true,
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: {
        input: { prerender: 'src/prerender.tsx', 'signed-in': 'src/signed-in.tsx' },
        output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  const { renderPage, namespacesFor } = (await import(pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href)) as {
    renderPage(path: string, lng: Locale): Promise<string>;
    namespacesFor(path: string): string[];
  };
  const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`index.html lacks ${root}: cannot pre-render the public pages`);
  if (!shell.includes('<html lang="en">')) throw new Error('index.html lacks <html lang="en">');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  for (const lng of LOCALES) {
    for (const pagePath of PRERENDERED_PATHS) {
      const markup = await renderPage(pagePath, lng);
      // The page's catalogues load beside the entry script instead of after it has run.
      const catalogues = ['common', ...namespacesFor(pagePath)].map((ns) => {
        const chunk = manifest[`../locales/${lng}/${ns}.json`];
        if (!chunk) throw new Error(`no chunk for the catalogue ${lng}/${ns}`);
        return `<link rel="modulepreload" crossorigin href="/${chunk.file}">`;
      });
      // A function, so a `$` in the page's text is never read as a replacement pattern.
      const page = shell
        .replace('<html lang="en">', () => `<html lang="${lng}">`)
        .replace('</head>', () => `${catalogues.join('')}</head>`)
        .replace(root, () => `<div id="root" data-prerendered="${pagePath}">${markup}</div>`);
      const file = path.join(outDir, prerenderedFile(lng, pagePath));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, loadScriptsAfterPaint(page));
    }
    fs.writeFileSync(
      path.join(ssrOut, signedInShellFile(lng)),
      signedInShell(shell, lng, manifest, ['common', ...namespacesFor(SIGNED_IN_EXAMPLE)]),
    );
  }
}

/** Where the build puts the server's render code and shells: `ssr/` beside the web app's folder. */
const serverRenderDir = (outDir: string) => path.join(path.dirname(outDir), 'ssr');
/** The shell of a server-drawn signed-in page in `lng` (server/modules/web/signed-in-page.ts reads it). */
const signedInShellFile = (lng: string) => `signed-in.${lng}.html`;
/** A path of the pages the server draws (the investor dashboard): what their first screen loads. */
const SIGNED_IN_EXAMPLE = '/app/name/dashboard';
/** The code the dashboard's route needs beyond the entry: its lazy modules and what they import. */
const SIGNED_IN_ROUTES = ['src/routes/app/UserArea.tsx', 'src/routes/app/dashboard/Dashboard.tsx'];

type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The shell the server puts a signed-in page's markup into: the page's language, its catalogues
 * and route code preloaded beside the entry (no waterfall after the entry has run), all of it
 * requested once the server's markup has painted (/hydrate.js).
 */
function signedInShell(shell: string, lng: Locale, manifest: Manifest, namespaces: string[]): string {
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of SIGNED_IN_ROUTES) add(key);
  for (const ns of namespaces) add(`../locales/${lng}/${ns}.json`);
  const preloads = [...files]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const page = shell
    .replace('<html lang="en">', () => `<html lang="${lng}">`)
    .replace('</head>', () => `${preloads.join('')}</head>`);
  return loadScriptsAfterPaint(page);
}

/**
 * The page paints from its HTML and stylesheet; the scripts only hydrate it. So its module
 * script and preloads become one deferred /hydrate.js that requests them once the first frame
 * is painted (public/hydrate.js), leaving the link to what that paint needs.
 */
function loadScriptsAfterPaint(page: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page)?.[1];
  if (!entry) throw new Error('index.html has no module script to hydrate the pre-rendered page');
  const preload = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  const rest = page
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  if (/<script type="module"|modulepreload/.test(rest))
    throw new Error('a module script or preload not moved to /hydrate.js');
  const loader = `<script src="/hydrate.js" defer data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return rest.replace(/\s*<\/head>/, () => `\n    ${loader}\n  </head>`);
}

/**
 * Writes .br and .gz beside every text asset, so the server sends them compressed
 * (@fastify/static `preCompressed`) without compressing per request.
 */
function precompress(outDir: string): void {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(f))) {
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}

/** Once the browser build is written: pre-render the public pages, then compress everything (them too). */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'minevest-post-build',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      await prerenderPages(outDir);
      fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
      precompress(outDir);
    },
  };
}

export default defineConfig({
  root: webRoot,
  resolve,
  plugins: [react(), tailwindcss(), apiRoutes(), postBuild()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Read by the pre-render to preload each language's catalogues, then deleted.
    manifest: true,
  },
  server: {
    port: 5173,
    // No changeOrigin: the server's CSRF check compares Origin with Host, so the
    // browser's Host (localhost:5173) must reach it unchanged.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
});
