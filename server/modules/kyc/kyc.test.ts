import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like } from 'drizzle-orm';
import { auditLog, kycSubmissions, notifications, plans, storedFiles as storedFileRows, users } from '../../db/schema';
import { fundedUser } from '../../test/accounts';
import { createTestApp, insertUser, signIn, type TestContext } from '../../test/app';
import { userBalances } from '../ledger/accounts';
import { wordNotice } from '../notifications/messages';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signIn>>;
let moderator: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.database, 'admin');
  moderator = await signIn(t.database, 'moderator');
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const FIELDS = {
  legalName: 'Ada Lovelace',
  dateOfBirth: '1990-05-17',
  country: 'nl',
  address: 'Keizersgracht 1, Amsterdam',
  documentType: 'passport',
  documentNumber: 'NX-12 345',
};

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };
function form(parts: Part[]) {
  const boundary = '----kyc' + Math.random().toString(16).slice(2);
  const chunks = parts.flatMap((p) =>
    'bytes' in p
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from('\r\n'),
        ]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const fieldParts = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => ({ name, value }));
const file = (name: string, bytes: Buffer, type = 'image/png', filename = `${name}.png`) => ({
  name,
  filename,
  type,
  bytes,
});
const submit = (
  userId: number,
  cookies: Record<string, string>,
  parts: Part[] = [...fieldParts(FIELDS), file('document', PDF, 'application/pdf', 'doc.pdf'), file('selfie', PNG)],
) => t.app.inject({ method: 'POST', url: `/api/kyc/user/${userId}`, cookies, ...form(parts) });
const state = (userId: number, cookies: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/kyc/user/${userId}`, cookies });
const approve = (id: number, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/kyc/${id}/approve`, cookies });
const reject = (id: number, reason: unknown, cookies: Record<string, string> = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/kyc/${id}/reject`, cookies, payload: { reason } });
const storedFiles = async () => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(storedFileRows)
    .where(like(storedFileRows.key, 'kyc/%'));
  return row!.n;
};
const withSettings = async (patch: Record<string, unknown>, fn: () => Promise<void>) => {
  await t.app.settings.update(patch as never, admin.userId);
  try {
    await fn();
  } finally {
    await t.app.settings.update(
      { kycRequiredForWithdrawal: true, kycRequiredAboveInvestment: '' } as never,
      admin.userId,
    );
  }
};

describe('KYC submission', () => {
  it('starts as not submitted, stores a valid submission as pending and serves its files to the owner and staff only', async () => {
    const u = await signIn(t.database);
    const other = await signIn(t.database);
    const before = await state(u.userId, u.cookie);
    expect(before.json()).toEqual({
      status: 'not_submitted',
      submission: null,
      requirements: { forWithdrawal: true, aboveInvestment: null },
    });

    const res = await submit(u.userId, u.cookie);
    expect(res.statusCode).toBe(201);
    const s = res.json().submission;
    expect(res.json().message).toBe('Verification submitted: we will review it shortly');
    expect(s).toMatchObject({
      userId: u.userId,
      status: 'pending',
      legalName: 'Ada Lovelace',
      country: 'NL',
      documentType: 'passport',
      documentNumber: 'NX-12 345',
      documentMime: 'application/pdf',
      selfieMime: 'image/png',
      rejectionReason: null,
    });
    expect((await state(u.userId, u.cookie)).json()).toMatchObject({ status: 'pending', submission: { id: s.id } });

    const own = await t.app.inject({ method: 'GET', url: s.selfieUrl, cookies: u.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="kyc-${s.id}-selfie.png"`);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const doc = await t.app.inject({ method: 'GET', url: s.documentUrl, cookies: moderator.cookie });
    expect([doc.statusCode, doc.headers['content-type'], doc.rawPayload.equals(PDF)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    // Another user's document, anonymous, a bad kind or id: never the file.
    expect((await t.app.inject({ method: 'GET', url: s.documentUrl, cookies: other.cookie })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: s.documentUrl })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/kyc/${s.id}/files/passport`, cookies: u.cookie })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/kyc/abc/files/selfie`, cookies: u.cookie })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/kyc/999999/files/selfie`, cookies: admin.cookie })).statusCode,
    ).toBe(404);
    // Another user's status: refused; staff may read it.
    expect((await state(u.userId, other.cookie)).statusCode).toBe(403);
    expect((await state(u.userId, moderator.cookie)).statusCode).toBe(200);
    expect((await state(u.userId, {})).statusCode).toBe(401);
    expect((await state(0, u.cookie)).statusCode).toBe(400);
    // Files live in the shared storage (the database by default), not under any web root.
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, s.id));
    const [stored] = await t.database.db
      .select({ contentType: storedFileRows.contentType, size: storedFileRows.size })
      .from(storedFileRows)
      .where(eq(storedFileRows.key, `kyc/${row!.documentFile}`));
    expect(stored).toEqual({ contentType: 'application/pdf', size: PDF.length });
  });

  it('refuses bad fields, missing, fake, wrong-type and oversize files with clear messages, storing nothing', async () => {
    const u = await signIn(t.database);
    const files = [file('document', PNG), file('selfie', PNG)];
    const stored = await storedFiles();
    const cases: [Part[], number, string][] = [
      [[...fieldParts({ ...FIELDS, legalName: 'A' }), ...files], 400, 'Please enter your full legal name'],
      [
        [...fieldParts({ ...FIELDS, dateOfBirth: '2020-01-01' }), ...files],
        400,
        'You must be at least 18 years old to register',
      ],
      [[...fieldParts({ ...FIELDS, dateOfBirth: 'yesterday' }), ...files], 400, 'Please enter a valid date of birth'],
      [[...fieldParts({ ...FIELDS, country: 'Netherlands' }), ...files], 400, 'Please select your country'],
      [[...fieldParts({ ...FIELDS, address: '' }), ...files], 400, 'Please enter your residential address'],
      [
        [...fieldParts({ ...FIELDS, documentType: 'library_card' }), ...files],
        400,
        'Please choose a passport, national ID card or driving licence',
      ],
      [
        [...fieldParts({ ...FIELDS, documentNumber: '<script>' }), ...files],
        400,
        'Please enter the document number (letters and digits)',
      ],
      [[...fieldParts(FIELDS), file('selfie', PNG)], 400, 'Please upload an image or PDF of your identity document'],
      [[...fieldParts(FIELDS), file('document', PNG)], 400, 'Please upload a selfie holding your document'],
      [
        [
          ...fieldParts(FIELDS),
          file('document', Buffer.from('<svg onload=alert(1)>'), 'image/png'),
          file('selfie', PNG),
        ],
        400,
        'Files must be JPEG, PNG, WebP images or PDF documents',
      ],
      [
        [
          ...fieldParts(FIELDS),
          file('document', PNG),
          file('selfie', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif', 's.gif'),
        ],
        400,
        'Files must be JPEG, PNG, WebP images or PDF documents',
      ],
      [
        [
          ...fieldParts(FIELDS),
          file('document', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
          file('selfie', PNG),
        ],
        413,
        'Each file must be at most 5 MB',
      ],
    ];
    for (const [parts, status, message] of cases) {
      const res = await submit(u.userId, u.cookie, parts);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/kyc/user/${u.userId}`,
      cookies: u.cookie,
      payload: FIELDS,
    });
    expect([json.statusCode, json.json().message]).toEqual([400, 'Send the form as multipart/form-data']);
    expect(await storedFiles()).toBe(stored);
    expect((await state(u.userId, u.cookie)).json().status).toBe('not_submitted');
  });

  it('is the owner’s alone to submit: another user, staff and anonymous are refused', async () => {
    const u = await signIn(t.database);
    const other = await signIn(t.database);
    expect((await submit(u.userId, other.cookie)).statusCode).toBe(403);
    expect((await submit(u.userId, admin.cookie)).statusCode).toBe(403);
    expect((await submit(u.userId, {})).statusCode).toBe(401);
    expect((await submit(-1, u.cookie)).statusCode).toBe(400);
    expect(await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.userId))).toEqual([]);
  });
});

describe('KYC review', () => {
  it('moves pending -> rejected (with reason) -> resubmitted -> approved, audited and notified, and never decides twice', async () => {
    const u = await signIn(t.database);
    const first = (await submit(u.userId, u.cookie)).json().submission;
    // A second submission while one is pending is refused.
    const again = await submit(u.userId, u.cookie);
    expect([again.statusCode, again.json().message]).toEqual([409, 'Your verification is already being reviewed']);

    // Moderators read the queue but decide nothing; users and anonymous reach nothing.
    expect((await approve(first.id, moderator.cookie)).statusCode).toBe(403);
    expect((await approve(first.id, moderator.cookie)).json().message).toBe('Unauthorized: Admin access required');
    expect((await approve(first.id, u.cookie)).statusCode).toBe(403);
    expect((await approve(first.id, {})).statusCode).toBe(401);
    expect((await approve(0)).statusCode).toBe(400);
    expect((await approve(987654)).statusCode).toBe(404);
    expect((await reject(first.id, 'no')).json()).toMatchObject({
      message: 'Please give the reason for rejecting (at least 5 characters)',
    });
    expect((await reject(first.id, undefined)).statusCode).toBe(400);

    const rejected = await reject(first.id, 'The document photo is blurred');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'Verification rejected',
      submission: {
        status: 'rejected',
        rejectionReason: 'The document photo is blurred',
        reviewedBy: expect.any(String),
      },
    });
    expect((await approve(first.id)).json()).toMatchObject({
      code: 'KYC_DECIDED',
      message: 'Only pending verifications can be approved or rejected',
    });
    expect((await state(u.userId, u.cookie)).json()).toMatchObject({
      status: 'rejected',
      submission: { rejectionReason: 'The document photo is blurred' },
    });

    const second = await submit(u.userId, u.cookie);
    expect(second.statusCode).toBe(201);
    const id = second.json().submission.id;
    const ok = await approve(id);
    expect(ok.json()).toMatchObject({
      message: 'Verification approved',
      submission: { id, status: 'approved', rejectionReason: null },
    });
    const twice = await approve(id);
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'Only pending verifications can be approved or rejected',
    ]);
    expect((await reject(id, 'Changed my mind')).statusCode).toBe(409);
    const after = await submit(u.userId, u.cookie);
    expect([after.statusCode, after.json().message]).toEqual([409, 'Your identity is already verified']);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'kyc_submission'));
    expect(
      audit
        .filter((a) => [String(first.id), String(id)].includes(a.targetId))
        .map((a) => [a.action, a.targetId, a.actorId]),
    ).toEqual([
      ['kyc.reject', String(first.id), admin.userId],
      ['kyc.approve', String(id), admin.userId],
    ]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, u.userId), eq(notifications.kind, 'kyc')));
    expect(notes.map((n) => wordNotice(n))).toEqual([
      'Your identity verification was rejected: The document photo is blurred. Please correct it and submit again from the Verification page.',
      'Your identity has been verified. Withdrawals and larger investments are open to you.',
    ]);
  });

  it('lists the queue by status for staff, with the detail, history and duplicate flags', async () => {
    const twin = await signIn(t.database);
    const u = await signIn(t.database);
    await submit(twin.userId, twin.cookie, [
      ...fieldParts({ ...FIELDS, documentNumber: 'DUP 777 01' }),
      file('document', PNG),
      file('selfie', PNG),
    ]);
    const mine = (
      await submit(u.userId, u.cookie, [
        ...fieldParts({ ...FIELDS, documentNumber: 'dup-77701' }),
        file('document', PNG),
        file('selfie', PNG),
      ])
    ).json().submission;

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/kyc?status=pending&limit=100',
      cookies: moderator.cookie,
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect(body.data.find((r: { id: number }) => r.id === mine.id)).toMatchObject({
      userId: u.userId,
      legalName: 'Ada Lovelace',
      duplicateFlag: true,
    });
    expect(body.counts.pending).toBe(body.totalItems);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/kyc?status=done', cookies: admin.cookie })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/kyc', cookies: u.cookie })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/kyc' })).statusCode).toBe(401);

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/kyc/${mine.id}`, cookies: moderator.cookie });
    expect(detail.json()).toMatchObject({
      submission: { id: mine.id },
      user: { id: u.userId },
      history: [],
      duplicates: [{ userId: twin.userId, reasons: ['document_number'] }],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/kyc/${mine.id}`, cookies: u.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/kyc/4444444', cookies: admin.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('duplicate-account signals', () => {
  it('flags accounts sharing a document number, payout wallet or registration IP, and says why', async () => {
    const a = await insertUser(t.database, {
      btcWalletAddress: 'bc1qSHAREDwallet',
      ethWalletAddress: 'TShared1',
      registrationIp: '203.0.113.9',
    });
    const sameBtc = await insertUser(t.database, { btcWalletAddress: 'BC1QSHAREDWALLET' });
    const sameEthAndIp = await insertUser(t.database, { ethWalletAddress: 'TShared1', registrationIp: '203.0.113.9' });
    const stranger = await insertUser(t.database, { btcWalletAddress: 'bc1qother', registrationIp: '198.51.100.1' });
    const signals = (id: number, cookies: Record<string, string> = moderator.cookie) =>
      t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/duplicate-signals`, cookies });

    const res = await signals(a);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { userId: sameBtc, userName: expect.any(String), email: expect.any(String), reasons: ['btc_wallet'] },
      {
        userId: sameEthAndIp,
        userName: expect.any(String),
        email: expect.any(String),
        reasons: ['eth_wallet', 'registration_ip'],
      },
    ]);
    expect((await signals(stranger)).json().data).toEqual([]);
    const u = await signIn(t.database);
    expect((await signals(a, u.cookie)).statusCode).toBe(403);
    expect((await signals(a, {})).statusCode).toBe(401);
    expect((await signals(0)).statusCode).toBe(400);
    expect((await signals(99999999)).statusCode).toBe(404);
  });
});

describe('KYC gates', () => {
  it('refuses a withdrawal until the identity is approved, saying what to do, and quotes the same', async () => {
    const u = await fundedUser(t.database, admin.userId, 50_000n, { btcWalletAddress: 'bc1qgate0001' });
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/investments/withdraw',
        cookies: u.cookies,
        payload: { userId: u.userId, amount: 100, currency: 'BTC' },
      });
    const none = await withdraw();
    expect(none.json()).toMatchObject({
      code: 'KYC_REQUIRED',
      message: 'Please verify your identity before withdrawing: submit your documents on the Verification page',
    });
    expect(none.statusCode).toBe(422);
    const quote = await t.app.inject({
      method: 'GET',
      url: '/api/investments/withdraw/quote?amount=100&currency=BTC',
      cookies: u.cookies,
    });
    expect(quote.json()).toMatchObject({
      problem: 'Please verify your identity before withdrawing: submit your documents on the Verification page',
      problemCode: 'KYC_REQUIRED',
    });

    const id = (await submit(u.userId, u.cookies)).json().submission.id;
    const pending = await withdraw();
    expect([pending.statusCode, pending.json().code, pending.json().message]).toEqual([
      422,
      'KYC_REQUIRED',
      'Your identity verification is being reviewed: withdrawals open once it is approved',
    ]);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 50_000n,
      invested: 0n,
      withdrawal_hold: 0n,
    });

    await approve(id);
    const ok = await withdraw();
    expect(ok.statusCode).toBe(201);
    expect(await userBalances(t.database.db, u.userId)).toEqual({
      available: 40_000n,
      invested: 0n,
      withdrawal_hold: 10_000n,
    });
  });

  it('lets the operator turn the withdrawal gate off', async () => {
    const u = await fundedUser(t.database, admin.userId, 10_000n, { btcWalletAddress: 'bc1qgate0002' });
    await withSettings({ kycRequiredForWithdrawal: false }, async () => {
      expect((await state(u.userId, u.cookies)).json().requirements).toEqual({
        forWithdrawal: false,
        aboveInvestment: null,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/investments/withdraw',
        cookies: u.cookies,
        payload: { userId: u.userId, amount: 10, currency: 'BTC' },
      });
      expect(res.statusCode).toBe(201);
    });
  });

  it('refuses investments above the configured amount until verified; at or below it they go through', async () => {
    const u = await fundedUser(t.database, admin.userId, 1_000_000n);
    const [plan] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Growth'));
    const invest = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/investments',
        cookies: u.cookies,
        payload: { userId: u.userId, planId: plan!.id, amount },
      });
    await withSettings({ kycRequiredAboveInvestment: '6000' }, async () => {
      expect((await state(u.userId, u.cookies)).json().requirements).toEqual({
        forWithdrawal: true,
        aboveInvestment: 6000,
      });
      const above = await invest(6000.01);
      expect([above.statusCode, above.json().code, above.json().message]).toEqual([
        422,
        'KYC_REQUIRED',
        'Investments above $6,000.00 need a verified identity: submit your documents on the Verification page',
      ]);
      const before = await userBalances(t.database.db, u.userId);
      expect(before.invested).toBe(0n);
      const at = await invest(6000);
      expect(at.statusCode, at.body).toBe(201);
      expect((await userBalances(t.database.db, u.userId)).invested).toBe(600_000n);
    });
  });
});

describe('data kept honest', () => {
  it('keeps no second pending or approved row per user, whatever the interleaving', async () => {
    const u = await signIn(t.database);
    const results = await Promise.all([
      submit(u.userId, u.cookie),
      submit(u.userId, u.cookie),
      submit(u.userId, u.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.userId))).length).toBe(
      1,
    );
    const [user] = await t.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(user!.status).toBe('active');
  });
});
