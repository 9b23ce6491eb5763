import { and, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passkeyChallenges } from '../../db/schema';
import { hashToken } from '../sessions/tokens';

export type PasskeyChallengePurpose = (typeof passkeyChallenges.$inferInsert)['purpose'];

/** Long enough to find and touch a passkey, short enough that a leaked challenge is soon worthless. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Records a challenge the library generated (random, base64url) for `purpose`: a sign-in's
 * belongs to nobody yet, the others to the signed-in user they were made for. Only its hash is kept.
 */
export async function storeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  userId: number | null,
  now: Date,
  userHandle: string | null = null,
): Promise<void> {
  await db.insert(passkeyChallenges).values({
    challengeHash: hashToken(challenge),
    purpose,
    userId,
    userHandle,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Uses a challenge up: found only by the first answer to an unexpired challenge of this purpose
 * (and of this user), else null. One conditional update, so two answers racing with one
 * challenge cannot both pass; an answer refused later does not leave it usable either.
 */
export async function consumeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<{ userHandle: string | null } | null> {
  const owner: SQL = userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId);
  const used = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, hashToken(challenge)),
        eq(passkeyChallenges.purpose, purpose),
        owner,
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userHandle: passkeyChallenges.userHandle });
  return used[0] ?? null;
}

/**
 * Deletes expired challenges (the session-expiry job). A used one goes too once it expires: an
 * answer replayed after that finds no challenge at all, and is refused all the same.
 */
export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ id: passkeyChallenges.id });
  return gone.length;
}
