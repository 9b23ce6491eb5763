import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type CredentialDeviceType,
} from '@simplewebauthn/server';
import { decodeAttestationObject, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_TRANSPORTS,
  PasskeyMsg,
  type AuthenticationResponse,
  type PasskeyTransport,
  type RegistrationResponse,
} from '../../../contract/passkeys';
import { AppError } from '../../lib/errors';
import type { RelyingParty } from './relying-party';

/**
 * The WebAuthn checks, done by @simplewebauthn/server: the challenge, the origin and relying-party
 * id, user presence and user verification (required: a passkey is both factors), the signature
 * and the counter. Whatever the library refuses is a 400 PASSKEY_INVALID with its reason in
 * `details`, never a 500: only bad input reaches it.
 */

const invalid = (reason: string, message: string = PasskeyMsg.invalid) =>
  new AppError('PASSKEY_INVALID', message, { reason });

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The challenge an answer signed, read from its clientDataJSON; PASSKEY_INVALID when unreadable. */
export function challengeOf(clientDataJSON: string): string {
  let challenge: unknown;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch (err) {
    throw invalid(`clientDataJSON: ${reasonOf(err)}`);
  }
  if (typeof challenge !== 'string' || challenge === '') throw invalid('clientDataJSON has no challenge');
  return challenge;
}

/**
 * We ask for no attestation, so a browser sends "none" or packed self-attestation. A certificate
 * chain (x5c) is refused before the library sees it: checking one would make it fetch the
 * revocation lists the certificate names, a request to any address an attacker writes in.
 */
function refuseAttestationCertificates(attestationObject: string): void {
  let fmt: string;
  let hasCertificates: boolean;
  try {
    const decoded = decodeAttestationObject(isoBase64URL.toBuffer(attestationObject));
    fmt = decoded.get('fmt');
    hasCertificates = decoded.get('attStmt')?.get('x5c') !== undefined;
  } catch (err) {
    throw invalid(`attestationObject: ${reasonOf(err)}`);
  }
  if (hasCertificates || (fmt !== 'none' && fmt !== 'packed'))
    throw invalid(`attestation format ${fmt} with certificates`, PasskeyMsg.selfAttestationOnly);
}

const knownTransports = (list: readonly string[] | undefined): PasskeyTransport[] =>
  (list ?? []).filter((t): t is PasskeyTransport => (PASSKEY_TRANSPORTS as readonly string[]).includes(t));

/** A verified new credential, ready to store. */
export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: PasskeyTransport[];
  deviceType: CredentialDeviceType;
  backedUp: boolean;
}

/** Verifies a registration answer against the challenge it must sign. Throws PASSKEY_INVALID. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponse,
  expectedChallenge: string,
): Promise<NewCredential> {
  refuseAttestationCertificates(response.response.attestationObject);
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
    });
  } catch (err) {
    throw invalid(reasonOf(err));
  }
  if (!result.verified) throw invalid('registration not verified');
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: knownTransports(credential.transports),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

/** A stored credential, as the authentication check needs it. */
export interface StoredCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Verifies a sign-in (or confirmation) answer with the stored credential; returns the new counter. */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponse,
  expectedChallenge: string,
  stored: StoredCredential,
): Promise<{ newCounter: number; backedUp: boolean }> {
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: knownTransports(stored.transports),
      },
    });
  } catch (err) {
    throw invalid(reasonOf(err));
  }
  if (!result.verified) throw invalid('signature not verified');
  return { newCounter: result.authenticationInfo.newCounter, backedUp: result.authenticationInfo.credentialBackedUp };
}
