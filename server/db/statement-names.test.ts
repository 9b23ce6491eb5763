import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { plans, users } from './schema';
import { StatementNames } from './statement-names';
import { createTestDatabase } from '../test/db';

describe('StatementNames', () => {
  it('names one text one way, and past its bound names only the texts it knows', () => {
    const names = new StatementNames(2);
    const a = names.nameOf('select $1');
    expect(a).toMatch(/^s_[0-9a-f]{24}$/);
    expect(names.nameOf('select $1')).toBe(a);
    const b = names.nameOf('select $1, $2');
    expect(b).not.toBe(a);
    expect(names.nameOf('select $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe(a);
  });
});

// Runs on PGlite and, in CI, on PostgreSQL: sequential statements reuse one connection (the
// pool hands back the client released last), whose prepared statements the catalogue lists.
describe("the app's statements", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** The names of the connection's prepared statements whose text holds `fragment` (not this lookup's own). */
  const preparedNames = async (fragment: string) =>
    (
      (await database.query(
        `select name from pg_prepared_statements where statement like '%' || $1 || '%' and statement not like '%pg_prepared_statements%'`,
        [fragment],
      )) as { name: string }[]
    ).map((p) => p.name);

  it('run as named prepared statements when they take parameters, and give the same rows', async () => {
    const [u] = await database.db
      .insert(users)
      .values({ userName: 'named', email: 'named@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const read = () => database.db.select({ userName: users.userName }).from(users).where(eq(users.id, u!.id));
    expect(await read()).toEqual([{ userName: 'named' }]);
    expect(await read()).toEqual([{ userName: 'named' }]);
    expect(await preparedNames('from "users" where')).toEqual([expect.stringMatching(/^s_[0-9a-f]{24}$/)]);
  });

  // The plans list is one: without parameters, drizzle's PGlite session parsed and planned it on every call.
  it('and a query prepared with a name runs under that name', async () => {
    const read = database.db.select({ n: count() }).from(plans).prepare('test_plans_count');
    const [first] = await read.execute();
    expect(await read.execute()).toEqual([first]);
    expect(await preparedNames('from "plans"')).toEqual(['test_plans_count']);
  });
});

// Invest and every money movement are a transaction's statements: on PGlite those run named too.
describe("a transaction's statements", () => {
  let database: Database;
  const onPglite = !process.env.TEST_DATABASE_URL;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const byName = (name: string) => database.db.select({ id: users.id }).from(users).where(eq(users.userName, name));

  it('see the transaction’s own rows, and a rollback undoes them', async () => {
    const failure = new Error('undo');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ userName: 'intx', email: 'intx@example.test', passwordHash: 'x' });
        const seen = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'intx'));
        expect(seen).toHaveLength(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await byName('intx')).toEqual([]);
    // The same statement, after the rollback, in a transaction that commits.
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ userName: 'intx', email: 'intx@example.test', passwordHash: 'x' });
      expect(await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'intx'))).toHaveLength(1);
    });
    expect(await byName('intx')).toHaveLength(1);
  });

  it('fail as the database says, and the next transaction runs', async () => {
    const duplicate = database.db.transaction(async (tx) => {
      await tx.insert(users).values({ userName: 'intx', email: 'other@example.test', passwordHash: 'x' });
    });
    await expect(duplicate).rejects.toMatchObject({ cause: { code: '23505' } });
    await database.db.transaction(async (tx) => {
      expect(await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'intx'))).toHaveLength(1);
    });
  });

  it.runIf(onPglite)('run as named prepared statements on PGlite', async () => {
    await database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.email, 'named-in-tx@example.test'));
    });
    const prepared = (await database.query(
      `select name from pg_prepared_statements where statement like '%"email" = $1%' and statement not like '%pg_prepared_statements%'`,
      [],
    )) as { name: string }[];
    expect(prepared.map((p) => p.name)).toEqual([expect.stringMatching(/^s_[0-9a-f]{24}$/)]);
  });

  it.runIf(onPglite)('refuse a statement once their transaction has ended', async () => {
    let leaked: Parameters<Parameters<Database['db']['transaction']>[0]>[0] | undefined;
    await database.db.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.select({ id: users.id }).from(users).where(eq(users.id, 1))).rejects.toMatchObject({
      cause: { message: 'Transaction is closed' },
    });
  });
});
