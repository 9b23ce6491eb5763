import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase, type Database } from './db/client';
import { count, rowsOf } from './db/rows';
import { currentTotp } from './lib/totp';
import { verifyLedger } from './modules/ledger/verify';
import { CLUSTER_ADMIN, clusterUnavailable, startCluster, Visitor, type Cluster } from './test/cluster';

const unavailable = clusterUnavailable();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const INVESTOR = { userName: 'clusterinvestor', password: 'investor-password-1' };

const asRecord = (v: unknown) => z.record(z.string(), z.unknown()).parse(v);
const field = <T extends z.ZodType>(v: unknown, key: string, schema: T): z.output<T> => schema.parse(asRecord(v)[key]);

/**
 * Two app instances on one PostgreSQL and Redis behind HAProxy, driven only over HTTP through
 * the balancer, as a user would be. Each step checks which instance answered, so "works on
 * either instance" is shown, not assumed. Starting two real servers takes a while on a busy
 * machine, hence the long timeouts on the hooks and steps (no step waits on a clock).
 */
describe.skipIf(unavailable !== null)(`two instances behind HAProxy${unavailable ? ` (${unavailable})` : ''}`, () => {
  let cluster: Cluster;
  let database: Database;
  let admin: Visitor;
  let investor: Visitor;
  let investorId: number;
  let planId: number;
  let totpSecret: string;

  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({ url: cluster.databaseUrl, poolSize: 2 });
    admin = new Visitor(cluster.url);
    investor = new Visitor(cluster.url);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  it('signs in and sets the investor up, each request on either instance', async () => {
    const login = await admin.request('POST', '/api/auth/login', {
      usernameOrEmail: CLUSTER_ADMIN.userName,
      password: CLUSTER_ADMIN.password,
    });
    expect(login.status).toBe(200);
    // The session made on one instance is honoured by the other.
    for (let i = 0; i < 2; i++) expect((await admin.request('GET', '/api/verify-auth-token')).status).toBe(200);
    expect(new Set(admin.servedBy)).toEqual(new Set(['a', 'b']));

    const created = await admin.request('POST', '/api/users', {
      firstName: 'Cluster',
      lastName: 'Investor',
      userName: INVESTOR.userName,
      email: 'cluster.investor@example.test',
      dateOfBirth: '1990-01-01',
      password: INVESTOR.password,
      confirmPassword: INVESTOR.password,
    });
    expect(created.status).toBe(201);
    investorId = field(field(created.json, 'user', z.unknown()), 'id', z.number());
    const plan = await admin.request('POST', '/api/plans', {
      name: 'Cluster plan',
      description: 'Two instances',
      duration: 30,
      interestRate: '10',
      minimumInvestment: '1.00',
      maximumInvestment: '100000.00',
    });
    expect(plan.status).toBe(201);
    planId = field(field(plan.json, 'data', z.unknown()), 'id', z.number());
  });

  it('turns two-factor on and signs in with it, the code step on the other instance', async () => {
    expect(
      (await investor.request('POST', '/api/auth/login', { usernameOrEmail: INVESTOR.userName, ...INVESTOR })).status,
    ).toBe(200);
    const setup = await investor.request('POST', `/api/users/setup2fa/${investorId}`);
    expect(setup.status).toBe(200);
    totpSecret = field(setup.json, 'secret', z.string());
    const on = await investor.request('POST', `/api/users/verify2fa-setup/${investorId}`, {
      token: currentTotp(totpSecret, Date.now()),
    });
    expect(on.status).toBe(200);
    expect((await investor.request('POST', '/api/auth/logout')).status).toBe(200);

    const first = await investor.request('POST', '/api/auth/login', {
      usernameOrEmail: INVESTOR.userName,
      password: INVESTOR.password,
    });
    expect(first.status).toBe(200);
    const tempToken = field(first.json, 'tempToken', z.string());
    // The next time step: the setup's code may not be used twice.
    const second = await investor.request('POST', '/api/auth/verify2fa', {
      tempToken,
      token: currentTotp(totpSecret, Date.now() + 30_000),
    });
    expect(second.status).toBe(200);
    const [firstBy, secondBy] = investor.servedBy.slice(-2);
    expect(firstBy).not.toBe(secondBy);
    expect((await investor.request('GET', '/api/verify-auth-token')).status).toBe(200);
  });

  it('serves an avatar and a KYC document uploaded on one instance from the other', async () => {
    const form = new FormData();
    form.append('profileImage', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const uploaded = await investor.request('POST', `/api/users/${investorId}/profile-image`, form);
    expect(uploaded.status).toBe(200);
    const url = field(uploaded.json, 'profileImage', z.string());
    const uploadedOn = investor.servedBy.at(-1);
    for (let i = 0; i < 2; i++) {
      const got = await investor.request('GET', new URL(url, cluster.url).pathname);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.json as ArrayBuffer)).toEqual(PNG);
    }
    expect(investor.servedBy.slice(-2)).toContain(uploadedOn === 'a' ? 'b' : 'a');

    const kyc = new FormData();
    for (const [k, v] of Object.entries({
      legalName: 'Cluster Investor',
      dateOfBirth: '1990-01-01',
      country: 'nl',
      address: 'Keizersgracht 1, Amsterdam',
      documentType: 'passport',
      documentNumber: 'CL-12345',
    }))
      kyc.append(k, v);
    kyc.append('document', new Blob([PDF], { type: 'application/pdf' }), 'doc.pdf');
    kyc.append('selfie', new Blob([PNG], { type: 'image/png' }), 'selfie.png');
    const submitted = await investor.request('POST', `/api/kyc/user/${investorId}`, kyc);
    expect(submitted.status).toBe(201);
    const submission = field(submitted.json, 'submission', z.object({ id: z.number(), documentUrl: z.string() }));
    for (let i = 0; i < 2; i++) {
      const doc = await admin.request('GET', new URL(submission.documentUrl, cluster.url).pathname);
      expect(doc.status).toBe(200);
      expect(doc.res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(Buffer.from(doc.json as ArrayBuffer)).toEqual(PDF);
    }
    expect(new Set(admin.servedBy.slice(-2))).toEqual(new Set(['a', 'b']));
    expect((await admin.request('POST', `/api/admin/kyc/${submission.id}/approve`)).status).toBe(200);
  });

  it('takes a deposit, an investment and a withdrawal through either instance', async () => {
    const deposit = await admin.request('POST', '/api/deposits/manual', {
      userId: investorId,
      amount: '1000.00',
      currency: 'BTC',
      idempotencyKey: randomUUID(),
    });
    expect(deposit.status, JSON.stringify(deposit.json)).toBe(201);
    const invested = await investor.request('POST', '/api/investments', {
      planId,
      amount: '100.00',
      idempotencyKey: randomUUID(),
    });
    expect(invested.status, JSON.stringify(invested.json)).toBe(201);
    // A payout address set straight in the database, and the hold that turning two-factor on
    // started lifted: the security hold has its own tests.
    await database.db.execute(
      sql`update users set btc_wallet_address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', security_hold_until = null
          where id = ${investorId}`,
    );
    const withdrawn = await investor.request('POST', '/api/investments/withdraw', {
      userId: investorId,
      amount: '50.00',
      currency: 'BTC',
      idempotencyKey: randomUUID(),
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.json)).toBe(201);
    expect(new Set(investor.servedBy.slice(-2))).toEqual(new Set(['a', 'b']));
  });

  it('shares the per-IP limits: the contact form allows 5 from one client across both', async () => {
    const visitor = new Visitor(cluster.url);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await visitor.request('POST', '/api/utils/contact', {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            message: `Cluster note ${i}`,
          })
        ).status,
      );
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect(new Set(visitor.servedBy)).toEqual(new Set(['a', 'b']));
  });

  it('shares the per-account limits: the 11th wrong password from one client is refused, whichever instance', async () => {
    const guesser = new Visitor(cluster.url);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await guesser.request('POST', '/api/auth/login', {
            usernameOrEmail: 'cluster-nobody',
            password: `wrong-${i}`,
          })
        ).status,
      );
    expect(codes).toEqual([...Array<number>(10).fill(401), 429]);
    expect(new Set(guesser.servedBy)).toEqual(new Set(['a', 'b']));
  });

  it('runs each scheduled job once per interval across both instances, and both instances list the runs', async () => {
    const startedAt = cluster.startedAt.getTime();
    const jobList = z.array(
      z.object({
        name: z.string(),
        intervalMs: z.number(),
        recentRuns: z.array(z.object({ id: z.number(), trigger: z.string(), instance: z.string() })),
      }),
    );
    const jobs = async () => {
      const res = await admin.request('GET', '/api/admin/jobs');
      expect(res.status).toBe(200);
      return field(res.json, 'jobs', jobList);
    };
    // The timers' first runs come 5 s after start-up: wait (bounded) until every job has had one.
    const deadline = Date.now() + 60_000;
    while (!(await jobs()).every((j) => j.recentRuns.some((r) => r.trigger === 'schedule'))) {
      if (Date.now() > deadline) throw new Error('the scheduled jobs did not all run within a minute');
      await new Promise((r) => setTimeout(r, 250));
    }
    const lists = [await jobs(), await jobs()];
    const [fromOne, fromOther] = lists;
    const now = Date.now();
    const instances = new Set<string>();
    for (const job of fromOne!) {
      const timed = job.recentRuns.filter((r) => r.trigger === 'schedule');
      // Both schedulers fire on their own timers, yet a job ran at most once in each interval
      // of its grid the cluster has lived through (twice, were both running it).
      const slots = Math.floor(now / job.intervalMs) - Math.floor(startedAt / job.intervalMs) + 1;
      expect(timed.length, job.name).toBeLessThanOrEqual(slots);
      for (const r of timed) instances.add(r.instance);
      const other = fromOther!.find((j) => j.name === job.name)!;
      expect(other.recentRuns.map((r) => r.id).filter((id) => timed.some((t) => t.id === id))).toEqual(
        timed.map((t) => t.id),
      );
    }
    // Whichever instance claimed each interval, it was one of the two.
    expect([...instances].every((i) => i === 'a' || i === 'b')).toBe(true);
    const doubled = await rowsOf(
      database.db,
      z.object({ n: count }),
      sql`select count(*) as n from (select 1 from job_run_history where trigger = 'schedule'
          group by job, slot having count(*) > 1) d`,
    );
    expect(doubled[0]!.n).toBe(0);
  });

  it('refuses a session ended on one instance on the other, which had it cached', async () => {
    const device = new Visitor(cluster.url);
    const login = await device.request('POST', '/api/auth/login', {
      usernameOrEmail: CLUSTER_ADMIN.userName,
      password: CLUSTER_ADMIN.password,
    });
    expect(login.status).toBe(200);
    const stale = device.copy();
    // Both instances verify the session and keep it in their session cache.
    for (let i = 0; i < 2; i++) expect((await stale.request('GET', '/api/verify-auth-token')).status).toBe(200);
    expect(new Set(stale.servedBy)).toEqual(new Set(['a', 'b']));
    expect((await device.request('POST', '/api/auth/logout')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await stale.request('PUT', '/api/notifications/1/read')).status).toBe(401);
    expect(new Set(stale.servedBy.slice(-2))).toEqual(new Set(['a', 'b']));
  });

  it('loses no acknowledged investment when one instance is killed mid-load, and the ledger verifies', async () => {
    const keys = Array.from({ length: 120 }, () => randomUUID());
    const acknowledged = new Set<string>();
    let next = 0;
    const invest = async (key: string) => {
      try {
        const res = await investor.request('POST', '/api/investments', { planId, amount: '1.00', idempotencyKey: key });
        if (res.status === 201 || res.status === 200) acknowledged.add(key);
      } catch {
        // The connection broke: not acknowledged, so the client cannot know; tried again below.
      }
    };
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < keys.length) {
          const i = next++;
          if (i === 40) cluster.kill('a');
          await invest(keys[i]!);
        }
      }),
    );
    expect(acknowledged.size).toBeGreaterThan(60);
    // Instance a is really gone: its port refuses.
    const a = cluster.instances.find((i) => i.name === 'a')!;
    await new Promise((r) =>
      a.child.exitCode !== null || a.child.signalCode !== null ? r(null) : a.child.once('exit', r),
    );
    expect(a.child.signalCode).toBe('SIGKILL');
    await expect(fetch(`http://127.0.0.1:${a.port}/api/health/live`)).rejects.toThrow();
    const invested = z.object({ n: count });
    const found = async (ks: string[]) =>
      (
        await rowsOf(
          database.db,
          invested,
          sql`select count(*) as n from investments i join journal_entries e on e.id = i.journal_entry_id
              where e.idempotency_key = any(${sql.raw(`ARRAY[${ks.map((k) => `'invest:${investorId}:${k}'`).join(',')}]`)})`,
        )
      )[0]!.n;
    expect(await found([...acknowledged])).toBe(acknowledged.size);
    // What was not acknowledged is sent again with its key: each lands exactly once.
    for (const key of keys.filter((k) => !acknowledged.has(k))) {
      const res = await investor.request('POST', '/api/investments', { planId, amount: '1.00', idempotencyKey: key });
      expect([200, 201]).toContain(res.status);
    }
    expect(await found(keys)).toBe(keys.length);
    const report = await verifyLedger(database.db);
    expect(report.problems).toEqual([]);
  });
});
