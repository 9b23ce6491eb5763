import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PasskeyMsg,
  type AddPasskey,
  type CreationOptions,
  type Passkey,
  type RemovePasskey,
  type RequestOptions,
  zCreationOptions,
  zRequestOptions,
} from '../../../contract/passkeys';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import type { AuthContext, UserRow } from '../../lib/auth-context';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { recordActivity } from '../activity/service';
import { recordAudit, type AuditActor } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { consumeChallenge, PASSKEY_CHALLENGE_TTL_MS, storeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { challengeOf, verifyAssertion, verifyRegistration } from './verify';

type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * A user's passkeys: added after a registration ceremony, removed after the password or another
 * passkey confirms it. Both start the security hold, tell the owner (a security notice, always
 * emailed) and are recorded in the security activity; a staff member's are audited too, since
 * staff passkeys guard the back office.
 */

export const toPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  synced: p.deviceType === 'multiDevice',
});

const descriptor = (p: Pick<PasskeyRow, 'credentialId' | 'transports'>) => ({
  id: p.credentialId,
  transports: p.transports,
});

/** The caller's passkeys, oldest first. */
export async function listPasskeys(db: DbOrTx, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
  return rows.map(toPasskey);
}

/** True when the user holds at least one passkey. */
export async function hasPasskey(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * Options to create a passkey: a discoverable credential (residentKey required, so it signs in
 * with no user name typed), user verification required, no attestation, and the user's
 * passkeys excluded so one authenticator is not registered twice. The user handle is random
 * (never the account id or name) and the same for all of a user's passkeys.
 */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: Pick<UserRow, 'id' | 'userName' | 'firstName' | 'lastName'>,
  siteName: string,
  now: Date,
): Promise<CreationOptions> {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url');
  const displayName = `${user.firstName} ${user.lastName}`.trim() || user.userName;
  // Parsed into the contract's shape (the library types a descriptor's `type` as any string).
  const options = zCreationOptions.parse(
    await generateRegistrationOptions({
      rpName: siteName,
      rpID: rp.id,
      userName: user.userName,
      userDisplayName: displayName,
      userID: isoBase64URL.toBuffer(userHandle),
      attestationType: 'none',
      excludeCredentials: existing.map(descriptor),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    }),
  );
  await storeChallenge(db, options.challenge, 'register', user.id, now, userHandle);
  return options;
}

/** What a passkey change needs besides the database: when the hold ends, who and where from. */
export interface PasskeyChange {
  now: Date;
  holdUntil: Date;
  client: ClientInfo;
  actor: AuditActor & { userId: number };
}

/**
 * Finishes adding a passkey. Throws PASSKEY_CHALLENGE_EXPIRED (no such unused challenge of this
 * user), PASSKEY_INVALID (the library refused the answer), PASSKEY_TAKEN (already registered).
 */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  caller: AuthContext,
  input: AddPasskey,
  change: PasskeyChange,
): Promise<Passkey> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const claimed = await consumeChallenge(db, challenge, 'register', caller.userId, change.now);
  if (!claimed?.userHandle) throw new AppError('PASSKEY_CHALLENGE_EXPIRED', PasskeyMsg.expired);
  const credential = await verifyRegistration(rp, input.response, challenge);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: caller.userId,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
        userHandle: claimed.userHandle!,
        name: input.name,
        deviceType: credential.deviceType,
        backedUp: credential.backedUp,
        createdAt: change.now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError('PASSKEY_TAKEN', PasskeyMsg.taken);
    await recordChange(tx, caller, row, 'added', change);
    return toPasskey(row);
  });
}

/** The caller's passkey `id`; 404 when it is someone else's or unknown. */
async function ownPasskey(db: DbOrTx, userId: number, id: number): Promise<PasskeyRow> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw notFound(PasskeyMsg.notFound);
  return row;
}

/**
 * Options to confirm removing passkey `id` with one of the caller's other passkeys. Throws
 * NOT_FOUND, CONFLICT (no other passkey: the password confirms instead).
 */
export async function removalOptions(
  db: Db,
  rp: RelyingParty,
  userId: number,
  id: number,
  now: Date,
): Promise<RequestOptions> {
  await ownPasskey(db, userId, id);
  const others = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), ne(passkeys.id, id)));
  if (others.length === 0) throw new AppError('CONFLICT', PasskeyMsg.noOther);
  const options = zRequestOptions.parse(
    await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: others.map(descriptor),
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    }),
  );
  await storeChallenge(db, options.challenge, 'confirm', userId, now);
  return options;
}

/**
 * Records a verified use of a passkey: its new counter and when. The counter only grows (or stays
 * 0 for authenticators that keep none), checked again here so two answers verified at once
 * against the same old counter cannot both count. False when this use lost that race.
 */
export async function recordUse(db: DbOrTx, passkeyId: number, newCounter: number, now: Date): Promise<boolean> {
  const used = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, passkeyId),
        or(sql`${passkeys.counter} < ${newCounter}`, sql`${passkeys.counter} = 0 and ${newCounter} = 0`),
      ),
    )
    .returning({ id: passkeys.id });
  return used.length === 1;
}

/** Proves the caller holds another of their passkeys (not `exceptId`) with a confirmation answer. */
async function confirmWithPasskey(
  db: Db,
  rp: RelyingParty,
  userId: number,
  exceptId: number,
  answer: NonNullable<RemovePasskey['passkey']>,
  now: Date,
): Promise<void> {
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!(await consumeChallenge(db, challenge, 'confirm', userId, now)))
    throw new AppError('PASSKEY_CHALLENGE_EXPIRED', PasskeyMsg.expired);
  // Only another passkey of this same user proves anything: someone else's, or the one being removed, does not.
  const [other] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, answer.id), eq(passkeys.userId, userId), ne(passkeys.id, exceptId)));
  if (!other) throw new AppError('PASSKEY_INVALID', PasskeyMsg.invalid, { reason: 'not another passkey of yours' });
  const { newCounter } = await verifyAssertion(rp, answer, challenge, other);
  if (!(await recordUse(db, other.id, newCounter, now)))
    throw new AppError('PASSKEY_INVALID', PasskeyMsg.invalid, { reason: 'the signature counter did not grow' });
}

/**
 * Removes the caller's passkey `id` once the password or another passkey confirms it. Throws
 * NOT_FOUND, WRONG_PASSWORD, PASSKEY_CHALLENGE_EXPIRED, PASSKEY_INVALID, and PASSKEYS_UNAVAILABLE
 * (a passkey confirmation without PUBLIC_URL).
 */
export async function removePasskey(
  db: Db,
  rp: RelyingParty | null,
  caller: AuthContext,
  id: number,
  proof: RemovePasskey,
  change: PasskeyChange,
): Promise<void> {
  await ownPasskey(db, caller.userId, id);
  if (proof.password) {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
    if (!(await verifyPassword(user?.passwordHash ?? null, proof.password))) throw new AppError('WRONG_PASSWORD');
  } else if (proof.passkey) {
    if (!rp) throw new AppError('PASSKEYS_UNAVAILABLE', PasskeyMsg.unavailable);
    await confirmWithPasskey(db, rp, caller.userId, id, proof.passkey, change.now);
  }
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.userId)))
      .returning();
    if (!gone) throw notFound(PasskeyMsg.notFound);
    await recordChange(tx, caller, gone, 'removed', change);
  });
}

/** The hold, the owner's notice, the security activity, and for staff the audit row: with the change. */
async function recordChange(
  tx: Tx,
  caller: AuthContext,
  passkey: PasskeyRow,
  what: 'added' | 'removed',
  change: PasskeyChange,
): Promise<void> {
  await tx
    .update(users)
    .set({ securityHoldUntil: change.holdUntil, updatedAt: change.now })
    .where(eq(users.id, caller.userId));
  await notifyUser(tx, {
    userId: caller.userId,
    notice: noticeOf(what === 'added' ? 'security.passkeyAdded' : 'security.passkeyRemoved', { passkey: passkey.name }),
    kind: 'security',
  });
  await recordActivity(tx, {
    userId: caller.userId,
    action: `${what === 'added' ? 'Added' : 'Removed'} a passkey (${passkey.name})`,
    client: change.client,
    kind: 'security',
  });
  if (caller.role !== 'user') {
    const facts = { passkeyId: passkey.id, name: passkey.name, createdAt: passkey.createdAt.toISOString() };
    await recordAudit(tx, change.actor, {
      action: what === 'added' ? 'user.passkey_add' : 'user.passkey_remove',
      targetType: 'user',
      targetId: caller.userId,
      ...(what === 'added' ? { after: facts } : { before: facts }),
    });
  }
}
