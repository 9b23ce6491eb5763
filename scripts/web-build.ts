import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['web', 'contract'].map((d) => path.join(ROOT, d));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    const m = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}

/** Builds the web app when there is no build, or when a source file is newer than it. */
export function ensureWebBuild(outDir = path.join(ROOT, 'dist', 'web')): void {
  const index = path.join(outDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const source = Math.max(...SOURCES.map(newestMtime));
  if (built >= source) return;
  console.log(built ? 'Web app sources changed: rebuilding...' : 'No web build yet: building the web app...');
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite');
  const res = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('Web build failed');
}
