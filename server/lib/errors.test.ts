import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, isErrorCode } from '../../contract/errors';
import { AppError } from './errors';

const root = path.resolve(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));

/** Every code-looking literal thrown, returned as a refusal's code, or compared with an error's code. */
const CODE_USES = [
  /new AppError\(\s*'([A-Z][A-Z0-9_]+)'/g,
  /\bcode: '([A-Z][A-Z0-9_]+)'/g,
  /instanceof AppError && \w+\.code [!=]== '([A-Z][A-Z0-9_]+)'/g,
];
/** The web compares the codes of ApiError only (Node's own codes, like ENOENT, live in server/). */
const WEB_CODE_USES = [...CODE_USES, /\.code [!=]== '([A-Z][A-Z0-9_]+)'/g];

describe('the error catalogue', () => {
  it('holds every code the server throws and the web compares against', () => {
    const unknown: string[] = [];
    let found = 0;
    for (const file of [...sources('server'), ...sources('web/src'), ...sources('contract')]) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const pattern of file.startsWith('web') ? WEB_CODE_USES : CODE_USES)
        for (const [, code] of text.matchAll(pattern)) {
          found += 1;
          if (!isErrorCode(code!)) unknown.push(`${file}: ${code}`);
        }
    }
    expect(unknown).toEqual([]);
    expect(found).toBeGreaterThan(50); // the walk really read the tree
  });

  it('gives each code one status, and 401 only to "not signed in" and the login steps', () => {
    const unauthorized = Object.entries(errorCatalogue)
      .filter(([, e]) => e.status === 401)
      .map(([code]) => code)
      .sort();
    expect(unauthorized).toEqual([
      'BAD_SIGNATURE',
      'INVALID_CHALLENGE',
      'INVALID_CREDENTIALS',
      'LOGIN_OTP_INVALID',
      'UNAUTHENTICATED',
    ]);
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
      expect(entry.message, code).not.toBe('');
    }
  });

  it('AppError takes the status and the default message from the code', () => {
    const wrong = new AppError('WRONG_PASSWORD');
    expect([wrong.statusCode, wrong.message]).toEqual([400, errorCatalogue.WRONG_PASSWORD.message]);
    const own = new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address before logging in.');
    expect([own.statusCode, own.message]).toEqual([403, 'Please verify your email address before logging in.']);
  });
});
