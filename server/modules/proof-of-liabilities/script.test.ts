import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { createTestApp, signIn, type TestContext } from '../../test/app';

/**
 * scripts/verify-liabilities.mjs against a real server: the app listens on loopback, the documents
 * are fetched over HTTP as an investor would fetch them, and the script runs as its own process.
 */
const SCRIPT = fileURLToPath(new URL('../../../scripts/verify-liabilities.mjs', import.meta.url));

let t: TestContext;
let base: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'pol-script-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

function runScript(...files: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, [SCRIPT, ...files], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
}

async function fetchJson(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${base}${url}`, { method, headers });
  expect(res.status, url).toBe(method === 'POST' ? 201 : 200);
  return (await res.json()) as Record<string, unknown>;
}

describe('scripts/verify-liabilities.mjs on documents fetched from a running server', () => {
  it('verifies an investor’s proof, and refuses a tampered copy', async () => {
    const admin = await signIn(t.database, 'admin');
    const investor = await fundedUser(t.database, admin.userId, 123_45n);
    await fundedUser(t.database, admin.userId, 67_00n);
    await fetchJson('/api/proof-of-liabilities/snapshots', admin.bearer, 'POST');

    const snapshot = await fetchJson('/api/proof-of-liabilities');
    const proof = await fetchJson('/api/proof-of-liabilities/me', {
      cookie: `LoginToken=${investor.cookies.LoginToken}`,
    });
    expect(proof.balanceCents).toBe(123_45);
    const files = { snapshot: path.join(dir, 'snapshot.json'), proof: path.join(dir, 'proof.json') };
    await writeFile(files.snapshot, JSON.stringify(snapshot, null, 2));
    await writeFile(files.proof, JSON.stringify(proof, null, 2));

    const honest = await runScript(files.snapshot, files.proof);
    expect(honest.out).toContain(`VERIFIED: balance 12345 cents is included in snapshot #${snapshot.id}`);
    expect(honest.code).toBe(0);
    // Either order of the two documents.
    expect((await runScript(files.proof, files.snapshot)).code).toBe(0);

    const tampered = path.join(dir, 'tampered.json');
    await writeFile(tampered, JSON.stringify({ ...proof, balanceCents: 123_46 }));
    const forged = await runScript(files.snapshot, tampered);
    expect(forged.out).toContain('NOT VERIFIED');
    expect(forged.code).toBe(1);
  });
});
