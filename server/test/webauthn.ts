import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import type {
  AuthenticationResponse,
  CreationOptions,
  RegistrationResponse,
  RequestOptions,
} from '../../contract/passkeys';

/**
 * A software authenticator for API tests: real ES256 keys from node:crypto, and attestation
 * ("none") and assertion answers built byte by byte as WebAuthn §6 lays them out, so the server's
 * checks run on genuine signatures. Each option lets a test break one thing at a time.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  /** The COSE_Key of the public key, as registered. */
  cose: Uint8Array;
  counter: number;
  userHandle: string;
  rpId: string;
}

export interface CeremonyTweaks {
  /** The origin the browser would write in clientDataJSON (default: the authenticator's). */
  origin?: string;
  /** The relying-party id whose hash goes in the authenticator data (default: the options'). */
  rpId?: string;
  /** User verified (default true). */
  uv?: boolean;
  /** Assertions: the counter to report instead of the next one. */
  counter?: number;
  /** Assertions: the user handle to send instead of the credential's (null: none). */
  userHandle?: string | null;
  /** Registration: an attestation statement with a certificate chain. */
  withCertificate?: boolean;
  /** Registration: reuse this credential id (a second registration of one authenticator). */
  credentialId?: string;
}

export class SoftAuthenticator {
  readonly credentials = new Map<string, SoftCredential>();

  constructor(readonly origin: string) {}

  /** Answers registration options as navigator.credentials.create would, remembering the key. */
  register(options: CreationOptions, tweaks: CeremonyTweaks = {}): RegistrationResponse {
    const rpId = tweaks.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idBytes = tweaks.credentialId ? Buffer.from(tweaks.credentialId, 'base64url') : randomBytes(32);
    const id = b64url(idBytes);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (tweaks.uv === false ? 0 : UV) | AT]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      idBytes,
      cose,
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: tweaks.origin ?? this.origin,
      crossOrigin: false,
    });
    const attStmt = tweaks.withCertificate
      ? new Map<string, CBORType>([
          ['alg', -7],
          ['sig', sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey)],
          ['x5c', [randomBytes(64)]],
        ])
      : new Map<string, CBORType>();
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', tweaks.withCertificate ? 'packed' : 'none'],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    this.credentials.set(id, { id, privateKey, cose, counter: 0, userHandle: options.user.id, rpId });
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * Answers request options as navigator.credentials.get would, with `credentialId` (default: the
   * first the options allow that this authenticator holds, else its first, so a test can answer
   * with a credential the options did not ask for). Counts one use.
   */
  assert(options: RequestOptions, credentialId?: string, tweaks: CeremonyTweaks = {}): AuthenticationResponse {
    const id =
      credentialId ??
      options.allowCredentials?.find((c) => this.credentials.has(c.id))?.id ??
      [...this.credentials.keys()][0];
    const credential = id ? this.credentials.get(id) : undefined;
    if (!credential) throw new Error('this authenticator holds no such credential');
    credential.counter = tweaks.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([UP | (tweaks.uv === false ? 0 : UV)]),
      uint32(credential.counter),
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: tweaks.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const userHandle = tweaks.userHandle === undefined ? credential.userHandle : tweaks.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
