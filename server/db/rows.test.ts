import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { preparedStatement, type Database, type Placeholders } from './client';
import { cents, count, idNumber, int8, RowShapeError, rowsOf, timestamp } from './rows';
import { createTestDatabase } from '../test/db';

/**
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the same expectations on both
 * prove that the column schemas turn what each driver really returns into the declared types.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

// 2^53 + 1 and a sum past 2^53: a number would have lost them.
const aggregates = sql`select 9007199254740993::int8 as big, max(v) as top, count(*) as n, sum(v) as total,
         sum(v::numeric) as total_numeric, '2024-02-29T10:20:30.123Z'::timestamptz as at, null::int8 as none
  from (values (1::int8), (2::int8), (9007199254740000::int8)) t(v)`;

const aggregateRow = z.object({
  big: int8,
  top: idNumber,
  n: count,
  total: cents,
  total_numeric: cents,
  at: timestamp,
  none: int8.nullable(),
});

const expected = {
  big: 9007199254740993n,
  top: 9007199254740000,
  n: 3,
  total: 9007199254740003n,
  total_numeric: 9007199254740003n,
  at: new Date('2024-02-29T10:20:30.123Z'),
  none: null,
};

describe('rowsOf', () => {
  it('hands back what the driver gives as the declared types', async () => {
    // What the driver itself returns: the strings (and timestamp text) a hand-written row type used to guess at.
    const raw = (await database.db.execute(aggregates)) as unknown as { rows: Record<string, unknown>[] };
    expect(raw.rows[0]).toMatchObject({
      big: '9007199254740993',
      n: '3',
      total: '9007199254740003',
      total_numeric: '9007199254740003',
    });

    const rows = await rowsOf(database.db, aggregateRow, aggregates);
    expect(rows).toEqual([expected]);
    expect(typeof rows[0]!.n).toBe('number');
    expect(typeof rows[0]!.total).toBe('bigint');
    expect(rows[0]!.at).toBeInstanceOf(Date);
  });

  it('parses count(*) and sums of a real bigint column, empty and not', async () => {
    const row = z.object({ n: count, total: cents });
    const query = sql`select count(*) as n, coalesce(sum(amount), 0) as total from postings`;
    expect(await rowsOf(database.db, row, query)).toEqual([{ n: 0, total: 0n }]);
  });

  it('drops the columns the schema does not name', async () => {
    const rows = await rowsOf(database.db, z.object({ a: count }), sql`select 1::int8 as a, 'x' as b`);
    expect(rows).toEqual([{ a: 1 }]);
  });

  it('throws, naming the query and the column, when a row does not match', async () => {
    const notACount = rowsOf(database.db, z.object({ n: count }), sql`select 1.5::numeric as n`);
    await expect(notACount).rejects.toBeInstanceOf(RowShapeError);
    await expect(notACount).rejects.toThrow(
      'row 0 of query "select 1.5::numeric as n" does not match its schema: column n: expected a count',
    );

    // A fraction of a cent is refused, never rounded.
    await expect(
      rowsOf(database.db, z.object({ total: cents }), sql`select sum(x) as total from (values (1.25::numeric)) t(x)`),
    ).rejects.toThrow(/column total: expected integer cents .*got a string that is not an integer/);

    // A count past 2^53 would lose precision as a number.
    await expect(rowsOf(database.db, z.object({ n: count }), sql`select 9007199254740993::int8 as n`)).rejects.toThrow(
      /column n: expected a count/,
    );

    // A column the query does not return.
    await expect(
      rowsOf(database.db, z.object({ n: count, missing: z.string() }), sql`select 1::int8 as n`),
    ).rejects.toThrow(/column missing: .*expected string, received undefined/);
    await expect(rowsOf(database.db, z.object({ n: count, m: count }), sql`select 1::int8 as n`)).rejects.toThrow(
      /column m: expected a count .*got undefined/,
    );
  });

  it('names the failing row, and the first line of a long query without its parameters', async () => {
    const query = sql`select n
      from (values (${'1'}::text), (${'secret'}::text)) t(n)
      order by n`;
    const failure = rowsOf(database.db, z.object({ n: count }), query);
    await expect(failure).rejects.toThrow(
      'row 1 of query "select n" does not match its schema: column n: expected a count (an int8 or integer-valued numeric within 2^53), got a string that is not an integer',
    );
    await expect(failure).rejects.not.toThrow(/secret/);
  });
});

describe('preparedStatement', () => {
  // Rendered once, run as a named prepared statement on PostgreSQL and as an ordinary one on
  // PGlite, outside and inside a transaction: each call binds its own values.
  const scaled = preparedStatement(
    'rows_test_scaled',
    z.object({ big: int8, n: count, at: timestamp, label: z.string() }),
    (p: Placeholders<{ factor: bigint; at: string; label: string }>) =>
      sql`select 9007199254740993::int8 * ${p('factor')}::int8 as big, 3::int8 as n, ${p('at')}::timestamptz as at, ${p('label')}::text || '!' as label`,
  );

  it("binds each call's values and parses its rows like rowsOf", async () => {
    const at = '2024-02-29T10:20:30.123Z';
    expect(await scaled(database.db, { factor: 1n, at, label: 'one' })).toEqual([
      { big: 9007199254740993n, n: 3, at: new Date(at), label: 'one!' },
    ]);
    const inTx = await database.db.transaction((tx) => scaled(tx, { factor: -2n, at, label: 'two' }));
    expect(inTx).toEqual([{ big: -18014398509481986n, n: 3, at: new Date(at), label: 'two!' }]);
    expect(await scaled(database.db, { factor: 0n, at, label: 'three' })).toEqual([
      { big: 0n, n: 3, at: new Date(at), label: 'three!' },
    ]);
  });

  it('answers again after a call the database refused', async () => {
    const inverse = preparedStatement(
      'rows_test_inverse',
      z.object({ q: int8 }),
      (p: Placeholders<{ d: bigint }>) => sql`select 100::int8 / ${p('d')}::int8 as q`,
    );
    const divisionByZero = { cause: { code: '22012' } };
    await expect(inverse(database.db, { d: 0n })).rejects.toMatchObject(divisionByZero);
    expect(await inverse(database.db, { d: 4n })).toEqual([{ q: 25n }]);
    await expect(inverse(database.db, { d: 0n })).rejects.toMatchObject(divisionByZero);
    expect(await inverse(database.db, { d: -5n })).toEqual([{ q: -20n }]);
  });

  it("never runs inside another caller's open transaction", async () => {
    // A call made while a transaction is open sees only what was committed, never the
    // transaction's own uncommitted row (PGlite has one connection: it must wait its turn).
    await database.db.execute(sql`create table if not exists rows_test_seen (v int)`);
    const seen = preparedStatement(
      'rows_test_seen',
      z.object({ n: count }),
      (p: Placeholders<{ v: number }>) => sql`select count(*) as n from rows_test_seen where v = ${p('v')}::int`,
    );
    let outside: Promise<unknown> | undefined;
    const undone = new Error('undone');
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into rows_test_seen values (7)`);
      outside = seen(database.db, { v: 7 });
      await t.execute(sql`select 1`);
      throw undone;
    });
    await expect(tx).rejects.toBe(undone);
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it('throws on a row that does not match', async () => {
    const bad = preparedStatement('rows_test_bad', z.object({ n: count }), () => sql`select 'x'::text as n`);
    await expect(bad(database.db, {})).rejects.toThrow(
      'row 0 of query "select \'x\'::text as n" does not match its schema: column n: expected a count',
    );
  });
});

describe('column schemas', () => {
  it('accept every form a driver may use and refuse the rest', () => {
    expect(int8.parse('-12')).toBe(-12n);
    expect(int8.parse(12)).toBe(12n);
    expect(int8.parse(12n)).toBe(12n);
    expect(count.parse('7')).toBe(7);
    expect(count.parse(7n)).toBe(7);
    expect(idNumber.parse(26)).toBe(26);
    expect(cents.parse('-250')).toBe(-250n);
    expect(timestamp.parse('2024-01-01 00:00:00.123456+00')).toEqual(new Date('2024-01-01T00:00:00.123Z'));
    const now = new Date();
    expect(timestamp.parse(now)).toBe(now);
    for (const bad of ['1.0', '', '12a', null, undefined, 1.5, true])
      expect(int8.safeParse(bad).success, String(bad)).toBe(false);
    expect(count.safeParse(2 ** 53).success).toBe(false);
    expect(timestamp.safeParse('infinity').success).toBe(false);
    expect(timestamp.safeParse(0).success).toBe(false);
  });
});
