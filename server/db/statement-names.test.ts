import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { users } from './schema';
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

  it('run as named prepared statements when they take parameters, and give the same rows', async () => {
    const [u] = await database.db
      .insert(users)
      .values({ userName: 'named', email: 'named@example.test', passwordHash: 'x' })
      .returning({ id: users.id });
    const read = () => database.db.select({ userName: users.userName }).from(users).where(eq(users.id, u!.id));
    expect(await read()).toEqual([{ userName: 'named' }]);
    expect(await read()).toEqual([{ userName: 'named' }]);
    const prepared = (await database.query(
      'select name, statement from pg_prepared_statements where statement like \'%from "users" where%\'',
      [],
    )) as { name: string }[];
    expect(prepared.map((p) => p.name)).toEqual([expect.stringMatching(/^s_[0-9a-f]{24}$/)]);
  });
});
