import { fileURLToPath, pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { LOCALES, type Locale } from '../contract/locales';
import { apiRoutes } from './api-routes';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** `@contract/x` is the shared contract, from any depth of web/src. */
const resolve = { alias: { '@contract': path.resolve(webRoot, '..', 'contract') } };

/**
 * Pre-renders the Home page into home.<lang>.html, once per language (served for `/` only, by the
 * visitor's language, see server/app.ts): builds
 * src/prerender.tsx for Node, renders the page with the same routes and providers as the
 * browser, and puts the markup into the built index.html's #root, marked with its path.
 */
async function prerenderHome(outDir: string): Promise<void> {
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
    const { renderPage, PRERENDERED_PATH, namespacesFor } = (await import(
      pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href
    )) as {
      renderPage(path: string, lng: Locale): Promise<string>;
      PRERENDERED_PATH: string;
      namespacesFor(path: string): string[];
    };
    const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const root = '<div id="root"></div>';
    if (!shell.includes(root)) throw new Error(`index.html lacks ${root}: cannot pre-render ${PRERENDERED_PATH}`);
    if (!shell.includes('<html lang="en">')) throw new Error('index.html lacks <html lang="en">');
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const lng of LOCALES) {
      const markup = await renderPage(PRERENDERED_PATH, lng);
      // The page's catalogues load beside the entry script instead of after it has run.
      const catalogues = ['common', ...namespacesFor(PRERENDERED_PATH)].map((ns) => {
        const chunk = manifest[`../locales/${lng}/${ns}.json`];
        if (!chunk) throw new Error(`no chunk for the catalogue ${lng}/${ns}`);
        return `<link rel="modulepreload" crossorigin href="/${chunk.file}">`;
      });
      // A function, so a `$` in the page's text is never read as a replacement pattern.
      const home = shell
        .replace('<html lang="en">', () => `<html lang="${lng}">`)
        .replace('</head>', () => `${catalogues.join('')}</head>`)
        .replace(root, () => `<div id="root" data-prerendered="${PRERENDERED_PATH}">${markup}</div>`);
      // The page paints from this HTML and its stylesheet; the scripts only hydrate it, so they
      // load at low priority and leave the bandwidth to what the first paint needs.
      const lowPriority = home.replace(
        /<(script type="module"|link rel="modulepreload") /g,
        '<$1 fetchpriority="low" ',
      );
      if (lowPriority === home) throw new Error('index.html has no module script to hydrate the pre-rendered page');
      fs.writeFileSync(path.join(outDir, `home.${lng}.html`), lowPriority);
    }
  } finally {
    fs.rmSync(ssrOut, { recursive: true, force: true });
  }
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

/** Once the browser build is written: pre-render Home, then compress everything (home.html too). */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'minevest-post-build',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      await prerenderHome(outDir);
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
