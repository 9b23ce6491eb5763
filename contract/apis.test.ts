import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as apis from './apis';

describe('contract/apis.ts', () => {
  it('lists every API object of the contract (the web calls routes through it)', () => {
    const dir = import.meta.dirname;
    const declared = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^export const (\w+Api) = \{/gm)].map((m) => m[1]),
      );
    expect(declared.length).toBeGreaterThan(20);
    expect(Object.keys(apis).sort()).toEqual([...declared].sort());
  });
});
