import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zLoginRequest } from './auth';
import { zSiteSettings } from './settings';
import { BROKEN_TEXT_MESSAGE, brokenTextPaths, clean, isCleanText, text, zCleanInput } from './text';

describe('the shared text rule', () => {
  it('refuses a NUL and an unpaired surrogate, keeps tabs, newlines, pairs and the rest of Unicode', () => {
    for (const bad of ['a\u0000b', '\u0000', '\ud800', 'x\udc00', 'a\ud83dz', '\ude00\ud83d', '😀\ud800']) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'plain', 'tab\there', 'two\nlines\r\n', 'é ü ß 漢字', '😀 \ud83d\ude00', '\u0001\u007f']) {
      expect(isCleanText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('text() refuses them with the one message and keeps the chained rules and the type message', () => {
    const name = text({ message: 'Please enter a name' }).trim().min(2);
    expect(name.safeParse('  Ann ').data).toBe('Ann');
    expect(name.safeParse('An\u0000n').error?.issues[0]?.message).toBe(BROKEN_TEXT_MESSAGE);
    expect(name.safeParse('\ud800ab').error?.issues[0]?.message).toBe(BROKEN_TEXT_MESSAGE);
    expect(name.safeParse(7).error?.issues[0]?.message).toBe('Please enter a name');
    expect(text().safeParse('line one\nline two\tend').success).toBe(true);
    expect(clean(z.email()).safeParse('a@b.example').success).toBe(true);
    expect(clean(z.url()).safeParse('https://example.com/a\u0000b').error?.issues[0]?.message).toBe(
      BROKEN_TEXT_MESSAGE,
    );
  });

  it('is in the contract schemas the web forms resolve with, under the field the form shows it at', () => {
    const login = zLoginRequest.safeParse({ usernameOrEmail: 'ann\u0000', password: 'pw\ud800' });
    expect(login.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['usernameOrEmail', BROKEN_TEXT_MESSAGE],
      ['password', BROKEN_TEXT_MESSAGE],
    ]);
    const email = zSiteSettings.shape.supportEmail.safeParse('a\u0000@b.example');
    expect(email.error?.issues.map((i) => i.message)).toContain(BROKEN_TEXT_MESSAGE);
  });

  it('finds broken strings and keys at any depth, without recursion, and reports a few', () => {
    const body = { a: 'ok', b: { c: ['fine', 'x\u0000'] }, ['k\ud800']: 'v', d: [{ e: '\udfff' }], n: 1, z: null };
    expect(brokenTextPaths(body)).toEqual([['b', 'c', 1], ['k\ud800'], ['d', 0, 'e']]);
    expect(brokenTextPaths('\u0000')).toEqual([[]]);
    expect(brokenTextPaths({ ok: ['a', 'b'], t: true })).toEqual([]);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(brokenTextPaths(deep)).toHaveLength(1);
    expect(brokenTextPaths(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(10);
  });

  it('zCleanInput answers one issue per broken place, at its path', () => {
    const result = zCleanInput.safeParse({ user: { name: 'a\u0000' }, tags: ['\ud800'] });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['user', 'name'], BROKEN_TEXT_MESSAGE],
      [['tags', 0], BROKEN_TEXT_MESSAGE],
    ]);
    expect(zCleanInput.safeParse({ message: 'Hello\n\tworld' }).success).toBe(true);
  });
});
