import { and, eq, isNull } from 'drizzle-orm';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  PasskeyMsg,
  zRequestOptions,
  type AuthenticationResponse,
  type RequestOptions,
} from '../../../contract/passkeys';
import type { Db } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { signInUser, type LoginClient, type LoginDeps, type LoginResult } from '../auth/service';
import { consumeChallenge, PASSKEY_CHALLENGE_TTL_MS, storeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { recordUse } from './service';
import { challengeOf, verifyAssertion } from './verify';

/**
 * Options to sign in with a passkey. No credential is listed (`allowCredentials` empty): the
 * browser offers the passkeys it holds for this site, and the one chosen names its account, so
 * nobody types a user name and the answer tells nothing about which accounts exist.
 */
export async function signInOptions(db: Db, rp: RelyingParty, now: Date): Promise<RequestOptions> {
  const options = zRequestOptions.parse(
    await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: [],
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_MS,
    }),
  );
  await storeChallenge(db, options.challenge, 'sign_in', null, now);
  return options;
}

const refused = (reason: string, message: string = PasskeyMsg.invalid) =>
  new AppError('PASSKEY_INVALID', message, { reason });

/**
 * Signs in with a passkey's answer. The passkey is possession and the device's own user
 * verification at once, so it counts as both factors: no TOTP code follows. Everything else is
 * the password sign-in's own path (signInUser): suspension, verified email, device limit,
 * new-device notice. Throws PASSKEY_CHALLENGE_EXPIRED, PASSKEY_INVALID, and signInUser's codes.
 */
export async function signInWithPasskey(
  deps: LoginDeps & { rp: RelyingParty },
  input: { response: AuthenticationResponse; rememberMe: boolean },
  client: LoginClient,
): Promise<LoginResult> {
  const { db, rp } = deps;
  const answer = input.response;
  const challenge = challengeOf(answer.response.clientDataJSON);
  if (!(await consumeChallenge(db, challenge, 'sign_in', null, client.now)))
    throw new AppError('PASSKEY_CHALLENGE_EXPIRED', PasskeyMsg.expired);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, answer.id));
  if (!stored) throw refused('unknown credential', PasskeyMsg.unknown);
  // A discoverable credential names its user: it must be the account this credential belongs to.
  if (answer.response.userHandle?.replace(/=+$/, '') !== stored.userHandle)
    throw refused('the user handle is not this credential’s');
  const { newCounter } = await verifyAssertion(rp, answer, challenge, stored);
  if (!(await recordUse(db, stored.id, newCounter, client.now))) throw refused('the signature counter did not grow');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, stored.userId), isNull(users.deletedAt)));
  if (!user) throw refused('the account is gone', PasskeyMsg.unknown);
  return signInUser(deps, user, input.rememberMe, client, { action: 'Logged in with a passkey', bothFactors: true });
}
