import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { insertUser } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { noticeOf, textNotice, wordNotice } from './messages';
import { notifyUser } from './notify';
import { listForUser } from './service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('notifyUser', () => {
  it('stores a notice for the one user, and nothing when the surrounding transaction rolls back', async () => {
    const userId = await insertUser(database);
    await notifyUser(database.db, {
      userId,
      notice: textNotice('Your deposit of $10.00 was settled.'),
      kind: 'deposit',
    });
    await expect(
      database.db.transaction(async (tx) => {
        await notifyUser(tx, { userId, notice: textNotice('never seen'), kind: 'deposit' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await database.db.select().from(notifications).where(eq(notifications.recipientId, userId));
    expect(rows.map((r) => [wordNotice(r), r.kind])).toEqual([['Your deposit of $10.00 was settled.', 'deposit']]);
  });

  it('stores the key and its parameters, cents exact as text, and words them when read', async () => {
    const userId = await insertUser(database);
    // Above 2^53 cents: a JSON number would lose the last digit.
    await notifyUser(database.db, {
      userId,
      notice: noticeOf('deposit.settled', { amount: 9_007_199_254_740_993n, currency: 'BTC' }),
      kind: 'deposit',
    });
    const rows = await database.db.select().from(notifications).where(eq(notifications.recipientId, userId));
    expect(rows.map((r) => [r.key, r.params])).toEqual([
      ['deposit.settled', { amount: '9007199254740993', currency: 'BTC' }],
    ]);
    const page = await listForUser(database.db, userId, { page: 1, limit: 10, filter: 'all' });
    expect(page.data.map((n) => n.message)).toEqual([
      'Your deposit of $90,071,992,547,409.93 (BTC) was credited to your available balance.',
    ]);
  });
});

describe('wordNotice', () => {
  it('words every catalogue notice from its stored form', () => {
    expect(wordNotice(noticeOf('investment.ended', { principal: 600_000n, plan: 'Growth' }))).toBe(
      'Your investment in Growth has ended: $6,000.00 principal was returned to your available balance.',
    );
    expect(wordNotice(noticeOf('kyc.rejected', { reason: 'Blurred' }))).toBe(
      'Your identity verification was rejected: Blurred. Please correct it and submit again from the Verification page.',
    );
    expect(wordNotice({ key: 'account.active', params: {} })).toBe('Your account is active again.');
  });

  it('words a notice in the reader’s language, with its plurals, money and instants written their way', () => {
    const started = (payouts: number | null, period: 'daily' | 'weekly' = 'daily') =>
      noticeOf('investment.started', { amount: 150_000n, plan: 'Growth', period, payouts });
    expect(wordNotice(started(1), 'ru')).toBe(
      'Ваша инвестиция на сумму 1\u00a0500,00\u00a0$ в план Growth запущена: доход выплачивается ежедневно в течение 1 дня.',
    );
    expect(wordNotice(started(3, 'weekly'), 'ru')).toContain('еженедельно, 3 выплаты.');
    expect(wordNotice(started(5, 'weekly'), 'ru')).toContain('еженедельно, 5 выплат.');
    expect(wordNotice(started(null), 'pt-BR')).toContain('os rendimentos são pagos diariamente até você encerrá-lo.');
    expect(wordNotice(started(30), 'en')).toBe(
      'Your investment of $1,500.00 in Growth has started: returns are paid daily for 30 days.',
    );
    expect(
      wordNotice(
        noticeOf('withdrawal.settled', {
          amount: 10_000n,
          currency: 'BTC',
          fee: 100n,
          reason: 'Batch',
          payoutReference: 'PO-1',
        }),
        'es',
      ),
    ).toBe(
      'Tu retiro de 100,00\u00a0US$ (BTC) fue aprobado y pagado: 99,00\u00a0US$ después de una comisión de 1,00\u00a0US$. Referencia del pago: PO-1. Motivo: Batch.',
    );
    expect(
      wordNotice(
        noticeOf('security.failedSignIns', {
          failures: 5,
          since: '2026-11-24T09:00:00.000Z',
          at: '2026-11-24T09:12:00.000Z',
        }),
        'es',
      ),
    ).toMatch(
      /^Varios intentos fallidos de inicio de sesión en tu cuenta: 5 contraseñas incorrectas desde el 24 nov 2026, 9:00 UTC/,
    );
    // What a person typed stays as typed, whatever the language.
    expect(wordNotice(noticeOf('text', { text: 'Hello there' }), 'ru')).toBe('Hello there');
  });

  it('refuses a key it does not know and parameters that do not fit the key', () => {
    expect(() => wordNotice({ key: 'deposit.lost', params: {} })).toThrow('unknown notice key deposit.lost');
    expect(() => wordNotice({ key: 'deposit.settled', params: { amount: 12.5, currency: 'BTC' } })).toThrow();
    expect(() => wordNotice({ key: 'text', params: {} })).toThrow();
  });
});
