import fs from 'node:fs';

/**
 * The browser-test server's clock is real time plus the offset (ms) in its TEST_CLOCK_FILE.
 * Global setup exports that file as E2E_CLOCK_FILE so that specs can move the clock.
 */

/** Adds `ms` to the offset in `file` and returns the new offset. */
export function addToClockFile(file: string, ms: number): number {
  let current = 0;
  try {
    current = Number(fs.readFileSync(file, 'utf8').trim() || '0');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const next = current + ms;
  // The server reads the file on every request: write beside it and rename, so it never sees a half-written file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, String(next));
  fs.renameSync(tmp, file);
  return next;
}

function clockFile(): string {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error('E2E_CLOCK_FILE is not set: run the browser tests through e2e/playwright.config.ts');
  return file;
}

/** Moves the shared test server's clock by `ms` (negative moves it back). */
export function advanceServerClock(ms: number): number {
  return addToClockFile(clockFile(), ms);
}

/**
 * Runs `fn` with the server's clock `ms` ahead, then puts it back. Every spec shares the
 * server, and its sessions (24 h unless "remember me") look expired while the clock is
 * ahead, so keep `fn` to the few requests that need the later time.
 */
export async function withServerClockAdvanced<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  advanceServerClock(ms);
  try {
    return await fn();
  } finally {
    advanceServerClock(-ms);
  }
}
