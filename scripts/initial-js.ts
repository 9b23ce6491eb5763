/**
 * The JavaScript a first visit downloads before the page can respond: the module script and
 * every module it preloads, gzipped as served. For each pre-rendered page (each public page in
 * each language) and the shell other pages start from. Run after `npm run build`: `npx tsx scripts/initial-js.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist/web');

function initialJs(htmlFile: string): { files: number; gzipBytes: number } {
  const html = fs.readFileSync(htmlFile, 'utf8');
  // A pre-rendered page names them on /hydrate.js, which requests them after the first paint.
  const loader = /<script src="\/hydrate.js"[^>]*data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
  const urls = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((m) => m[1]!);
  if (loader) urls.push(loader[1]!, ...loader[2]!.split(' ').filter(Boolean));
  const unique = [...new Set(urls)];
  const gzipBytes = unique.reduce((sum, url) => {
    const file = path.join(dist, url.replace(/^\//, ''));
    return sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }, 0);
  return { files: unique.length, gzipBytes };
}

// The pre-rendered pages (pages/<language>/<path>.html), then the shell every other page starts from.
const pagesDir = path.join(dist, 'pages');
const pages = fs.existsSync(pagesDir)
  ? fs.readdirSync(pagesDir).flatMap((lng) =>
      fs
        .readdirSync(path.join(pagesDir, lng))
        .filter((f) => f.endsWith('.html'))
        .map((f) => path.join('pages', lng, f)),
    )
  : [];
for (const page of [...pages.sort(), 'index.html']) {
  const { files, gzipBytes } = initialJs(path.join(dist, page));
  console.log(`${page.padEnd(34)} ${String(files).padStart(3)} files  ${(gzipBytes / 1024).toFixed(1)} kB gzipped`);
}
