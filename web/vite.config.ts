import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { LOCALES, type Locale } from '../contract/locales';
import { PRERENDERED_PATHS, prerenderedFile, type PrerenderedPath } from '../contract/pages';
import { apiRoutes } from './api-routes';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@contract/x` is the shared contract, from any depth of web/src. */
const contract = { find: '@contract', replacement: path.resolve(webRoot, '..', 'contract') };
const resolve = { alias: [contract] };
/**
 * What the build bundles: React Router's production build. Its package exports name only its
 * development build (remix-run/react-router#14102, open), so the app shipped that one, dev
 * warnings and checks included (createBrowserRouter among them); `npm run dev` keeps it.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
  'index.mjs',
);
const buildResolve = { alias: [contract, { find: /^react-router$/, replacement: reactRouterProduction }] };

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
    resolve: buildResolve,
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
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const shell = preloadStartup(outDir, manifest);
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`index.html lacks ${root}: cannot pre-render the public pages`);
  if (!shell.includes('<html lang="en">')) throw new Error('index.html lacks <html lang="en">');
  for (const lng of LOCALES) {
    for (const pagePath of PRERENDERED_PATHS) {
      const markup = await renderPage(pagePath, lng);
      // The page's catalogues and route code load beside the entry script instead of after it has
      // run (else the router's start would request the route's code, dozens of links in one task).
      const page = pageShell(shell, lng, manifest, [
        ...PRERENDERED_ROUTE_MODULES[pagePath],
        ...catalogueKeys(lng, ['common', ...namespacesFor(pagePath)]),
      ])
        // A function, so a `$` in the page's text is never read as a replacement pattern.
        .replace(root, () => `<div id="root" data-prerendered="${pagePath}">${markup}</div>`);
      const file = path.join(outDir, prerenderedFile(lng, pagePath));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, loadScriptsAfterPaint(page));
    }
    // The shell the server puts a signed-in page's markup into (server/plugins/signed-in-pages.ts).
    const signedIn = pageShell(shell, lng, manifest, [
      ...SIGNED_IN_ROUTES,
      ...catalogueKeys(lng, ['common', ...namespacesFor(SIGNED_IN_EXAMPLE)]),
    ]);
    fs.writeFileSync(path.join(ssrOut, signedInShellFile(lng)), loadScriptsAfterPaint(signedIn));
  }
}

/** Where the build puts the server's render code and shells: `ssr/` beside the web app's folder. */
const serverRenderDir = (outDir: string) => path.join(path.dirname(outDir), 'ssr');
/** The shell of a server-drawn signed-in page in `lng` (server/plugins/signed-in-pages.ts reads it). */
const signedInShellFile = (lng: string) => `signed-in.${lng}.html`;
/** A path of the pages the server draws (the investor dashboard): what their first screen loads. */
const SIGNED_IN_EXAMPLE = '/app/name/dashboard';
/** The code the dashboard's route needs beyond the entry: its lazy modules and what they import. */
const SIGNED_IN_ROUTES = ['src/routes/app/UserArea.tsx', 'src/routes/app/dashboard/Dashboard.tsx'];

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/**
 * index.html with the code main.tsx imports in steps (dynamic imports, each evaluated in a task of
 * its own) preloaded beside the entry, as its static imports are: every page starts from it, so none
 * waits for the entry to run before asking for them. Written back, and returned.
 */
function preloadStartup(outDir: string, manifest: Manifest): string {
  const file = path.join(outDir, 'index.html');
  const shell = fs.readFileSync(file, 'utf8');
  const steps = manifest['index.html']?.dynamicImports;
  if (!steps?.length) throw new Error('the entry imports no start-up step: main.tsx changed?');
  // A step missing from START_STEPS would be split into chunks of its own, its shared code repeated.
  const outside = steps.filter((step) => !START_STEPS.some((test) => test.test(step)));
  if (outside.length) throw new Error(`main.tsx's steps ${outside.join(', ')} are not in START_STEPS`);
  const withSteps = shell.replace('</head>', () => `${preloadLinks(shell, manifest, steps)}</head>`);
  fs.writeFileSync(file, withSteps);
  return withSteps;
}

/** The modules the router runs ahead of a sign-in screen, a step each (router.tsx). */
const SCHEMA_STEPS = [
  'src/i18n/zod-config.ts',
  '../contract/text.ts',
  '../contract/pagination.ts',
  '../contract/settings.ts',
  '../contract/users.ts',
];

/** The lazy route modules each pre-rendered page draws (router.tsx, routes/public/pages/routes.ts). */
const PRERENDERED_ROUTE_MODULES: Record<PrerenderedPath, string[]> = {
  '/': [],
  '/about-us': ['src/routes/public/pages/About.tsx'],
  '/purpose-values': ['src/routes/public/pages/PurposeValues.tsx'],
  '/investment-banking': ['src/routes/public/pages/InvestmentBanking.tsx'],
  '/invest': ['src/routes/public/pages/Invest.tsx'],
  '/plans': ['src/routes/public/pages/Plans.tsx'],
  '/faq': ['src/routes/public/pages/faq/Faq.tsx'],
  '/terms': ['src/routes/public/pages/Terms.tsx'],
  '/contact-us': ['src/routes/public/pages/Contact.tsx'],
  '/trade': ['src/routes/public/pages/Trade.tsx'],
  '/markets': ['src/routes/public/markets/Markets.tsx'],
  '/asset-management': ['src/routes/public/assets/AssetManagement.tsx'],
  '/proof-of-liabilities': ['src/routes/public/pages/ProofOfLiabilities.tsx'],
  '/login': [...SCHEMA_STEPS, '../contract/auth.ts', 'src/routes/auth/Login.tsx'],
  '/register': [...SCHEMA_STEPS, 'src/routes/auth/register/Register.tsx'],
  '/forgot-password': [...SCHEMA_STEPS, '../contract/auth.ts', 'src/routes/auth/ForgotPassword.tsx'],
};

/**
 * `shell` in `lng`, with the chunks of `keys` (manifest keys) and what they import preloaded
 * beside the entry: no waterfall after the entry has run (loadScriptsAfterPaint then requests
 * all of it once the page has painted).
 */
function pageShell(shell: string, lng: Locale, manifest: Manifest, keys: string[]): string {
  const preloads = preloadLinks(shell, manifest, keys);
  return shell.replace('<html lang="en">', () => `<html lang="${lng}">`).replace('</head>', () => `${preloads}</head>`);
}

/** The manifest keys of a language's catalogues. */
const catalogueKeys = (lng: Locale, namespaces: string[]) => namespaces.map((ns) => `../locales/${lng}/${ns}.json`);

/** Preload links for the chunks of `keys` (manifest keys) and all they import, less what `shell` already loads. */
function preloadLinks(shell: string, manifest: Manifest, keys: string[]): string {
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of keys) add(key);
  return [...files]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
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

/**
 * What main.tsx imports in steps, and all they import: one chunk, as when it was all imported at
 * once (no code repeated between the steps' chunks, no extra files). A module bundled into a chunk
 * still runs only when first imported, so each step's code runs in the step's own task.
 */
const START_STEPS = [
  /node_modules\/react-dom\/client\.js$/,
  /node_modules\/react\/index\.js$/,
  /\bsrc\/(App|router)\.tsx$/,
  /\bsrc\/api\/(queries|server-reads|session)\.ts$/,
  /\bsrc\/i18n\/(i18n|namespaces)\.ts$/,
  /\bsrc\/lib\/prefetch\.ts$/,
];

export default defineConfig(({ command }) => ({
  root: webRoot,
  resolve: command === 'build' ? buildResolve : resolve,
  plugins: [react(), tailwindcss(), apiRoutes(), postBuild()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Read by the pre-render to preload each language's catalogues, then deleted.
    manifest: true,
    // A shared chunk under 8 kB goes into the chunks that import it instead of standing alone. The
    // default split left a signed-in page 100 modules to preload (57 under 2 kB), each ~2 ms of a
    // phone's main thread to add: with this, 36, and the dashboard's blocking time 230-430 ms -> 90
    // (Lighthouse, median of 3). Home loads 19 files instead of 47, 3.5 kB less gzipped; a click
    // to a page not yet loaded is 100-150 ms sooner over a slow link (scripts/bench/navigation.ts).
    // The price: the chunks, all together, hold 24% more (shared code repeated), fetched only by
    // the pages that use them.
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          groups: [{ name: 'start', test: (id) => START_STEPS.some((step) => step.test(id)) }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // No changeOrigin: the server's CSRF check compares Origin with Host, so the
    // browser's Host (localhost:5173) must reach it unchanged.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
}));
