import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newSessionToken } from '../sessions/tokens';

export type EmailTokenPurpose = 'confirm_email' | 'reset_password';
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: 24 * 3_600_000,
  reset_password: 3_600_000,
};

/** A new single-use token; earlier unused ones of the same purpose stop working. */
export async function issueEmailToken(
  db: DbOrTx,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const token = newSessionToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** Uses a token up; returns its user, or null when unknown, used or expired. Atomic: one use only. */
export async function consumeEmailToken(
  db: DbOrTx,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
    )
    .returning();
  if (!row || row.expiresAt <= now) return null;
  return row.userId;
}
