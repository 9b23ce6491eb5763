import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginChallenges } from '../../db/schema';
import { hashToken, newSessionToken } from '../sessions/tokens';

export type ChallengePurpose = 'two_factor' | 'device_limit';
const TTL_MS: Record<ChallengePurpose, number> = { two_factor: 5 * 60_000, device_limit: 10 * 60_000 };

/** Issued only after a correct password: proof for the second step of a login. */
export async function issueChallenge(
  db: DbOrTx,
  userId: number,
  purpose: ChallengePurpose,
  rememberMe: boolean,
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await db.insert(loginChallenges).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    rememberMe,
    expiresAt: new Date(now.getTime() + TTL_MS[purpose]),
  });
  return token;
}

export type ChallengeLookup =
  { state: 'ok'; userId: number; rememberMe: boolean; id: number } | { state: 'expired' } | { state: 'unknown' };

/** Finds an unused challenge; says whether it exists but has expired (the OTP screen's 408). */
export async function findChallenge(
  db: DbOrTx,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<ChallengeLookup> {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(token)),
        eq(loginChallenges.purpose, purpose),
        isNull(loginChallenges.usedAt),
      ),
    );
  if (!row) return { state: 'unknown' };
  if (row.expiresAt <= now) return { state: 'expired' };
  return { state: 'ok', userId: row.userId, rememberMe: row.rememberMe, id: row.id };
}

/** Marks a challenge used; false when another request used it first. */
export async function consumeChallenge(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const done = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)))
    .returning({ id: loginChallenges.id });
  return done.length === 1;
}
