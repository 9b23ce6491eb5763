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
  // Inside the project (whatever outDir is), so the bundle's bare imports resolve from its node_modules.
  const scratch = path.resolve(webRoot, '..', 'dist');
  fs.mkdirSync(scratch, { recursive: true });
  const ssrOut = fs.mkdtempSync(path.join(scratch, '.prerender-'));
  try {
    await build({
      configFile: false,
      root: webRoot,
      resolve,
      logLevel: 'warn',
      plugins: [react(), apiRoutes()],
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrOut,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
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
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
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
    }
  } finally {
    fs.rmSync(ssrOut, { recursive: true, force: true });
  }
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
