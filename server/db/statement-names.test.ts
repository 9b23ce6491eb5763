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
