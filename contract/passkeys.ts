import { z } from 'zod';
import { zLoginResponse } from './auth';
import { zIdParam } from './pagination';
import { route, zMessage } from './route';
import { text } from './text';

export const PasskeyMsg = {
  added: 'Passkey added',
  removed: 'Passkey removed',
  nameRequired: 'Give this passkey a name',
  nameTooLong: 'Use at most 60 characters for the name',
  confirm: 'Confirm with your password or with another passkey',
  notFound: 'Passkey not found',
  noOther: 'You have no other passkey: confirm with your password',
  malformed: 'This is not a passkey answer',
  invalid: 'The passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered here. Sign in with your password and add it again in Security Settings.',
  expired: 'This passkey request has expired or was already used. Please try again.',
  taken: 'This passkey is already registered',
  selfAttestationOnly: 'This passkey sent an attestation certificate: use a passkey without attestation',
  unavailable: "Passkeys are not available: the site's public address (PUBLIC_URL) is not set",
  secondFactorRequired: 'Add a passkey or turn on two-factor authentication to use the admin area',
} as const;

/** The longest name a passkey may have. */
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) =>
  text()
    .max(max, PasskeyMsg.malformed)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PasskeyMsg.malformed);

/** How an authenticator can be reached (WebAuthn's AuthenticatorTransport). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

const zAttachment = z.enum(['platform', 'cross-platform']);
const zRequirement = z.enum(['discouraged', 'preferred', 'required']);
/** The extension outputs the platform reads; any other is dropped. */
const zExtensionOutputs = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

// A credential id is at most 1,023 bytes (WebAuthn §6.1): 1,364 characters of base64url.
const zCredentialId = base64url(1400);

/** What `startRegistration()` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const zRegistrationResponse = z.object({
  id: zCredentialId,
  rawId: zCredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(text().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8_192).optional(),
  }),
  authenticatorAttachment: zAttachment.optional(),
  clientExtensionResults: zExtensionOutputs,
});
export type RegistrationResponse = z.infer<typeof zRegistrationResponse>;

/** What `startAuthentication()` of @simplewebauthn/browser answers (AuthenticationResponseJSON). */
export const zAuthenticationResponse = z.object({
  id: zCredentialId,
  rawId: zCredentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_192),
    authenticatorData: base64url(65_536),
    signature: base64url(8_192),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: zAttachment.optional(),
  clientExtensionResults: zExtensionOutputs,
});
export type AuthenticationResponse = z.infer<typeof zAuthenticationResponse>;

const zDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
});

/** Options for `startRegistration()` (PublicKeyCredentialCreationOptionsJSON), as the server made them. */
export const zCreationOptions = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(zDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: zAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: zRequirement.optional(),
      userVerification: zRequirement.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type CreationOptions = z.infer<typeof zCreationOptions>;

/** Options for `startAuthentication()` (PublicKeyCredentialRequestOptionsJSON). */
export const zRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(zDescriptor).optional(),
  userVerification: zRequirement.optional(),
});
export type RequestOptions = z.infer<typeof zRequestOptions>;

/** One of the caller's passkeys as Security Settings lists it. */
export const zPasskey = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** A synced passkey (in a password manager or a platform account) rather than one bound to one device. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof zPasskey>;

export const zPasskeyList = z.object({ data: z.array(zPasskey) });
export type PasskeyList = z.infer<typeof zPasskeyList>;

export const zPasskeyName = text().trim().min(1, PasskeyMsg.nameRequired).max(PASSKEY_NAME_MAX, PasskeyMsg.nameTooLong);

/** A new passkey: its name and the authenticator's answer to the registration options. */
export const zAddPasskey = z.object({ name: zPasskeyName, response: zRegistrationResponse });
export type AddPasskey = z.infer<typeof zAddPasskey>;

export const zPasskeyAdded = z.object({ message: z.string(), passkey: zPasskey });

/** Removing a passkey is confirmed with the password, or with another of the caller's passkeys. */
export const zRemovePasskey = z
  .object({ password: text().max(128).optional(), passkey: zAuthenticationResponse.optional() })
  .refine((b) => !!b.password || !!b.passkey, PasskeyMsg.confirm);
export type RemovePasskey = z.infer<typeof zRemovePasskey>;

/** Signing in with a passkey: the authenticator's answer, and "remember me". */
export const zPasskeySignIn = z.object({
  response: zAuthenticationResponse,
  rememberMe: z.boolean().optional().default(false),
});

const unavailable = 'PASSKEYS_UNAVAILABLE' as const;

export const passkeysApi = {
  list: route({
    method: 'GET',
    path: '/users/me/passkeys',
    tag: 'passkeys',
    summary: "The caller's passkeys, with when each was added and last used",
    access: 'user',
    response: zPasskeyList,
    errors: [],
  }),
  registrationOptions: route({
    method: 'POST',
    path: '/users/me/passkeys/options',
    tag: 'passkeys',
    summary: 'Start adding a passkey: options for navigator.credentials.create (a discoverable credential)',
    access: 'user',
    response: zCreationOptions,
    errors: [unavailable],
  }),
  add: route({
    method: 'POST',
    path: '/users/me/passkeys',
    tag: 'passkeys',
    summary: "Finish adding a passkey with the authenticator's answer; starts the security hold",
    access: 'user',
    body: zAddPasskey,
    response: zPasskeyAdded,
    status: [201],
    errors: [unavailable, 'PASSKEY_INVALID', 'PASSKEY_CHALLENGE_EXPIRED', 'PASSKEY_TAKEN'],
  }),
  removalOptions: route({
    method: 'POST',
    path: '/users/me/passkeys/:id/confirm-options',
    tag: 'passkeys',
    summary: "Options to confirm removing passkey :id with another of the caller's passkeys",
    access: 'user',
    params: zIdParam,
    response: zRequestOptions,
    errors: [unavailable, 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: route({
    method: 'DELETE',
    path: '/users/me/passkeys/:id',
    tag: 'passkeys',
    summary: 'Remove a passkey, confirmed with the password or another passkey; starts the security hold',
    access: 'user',
    params: zIdParam,
    body: zRemovePasskey,
    response: zMessage,
    errors: [unavailable, 'NOT_FOUND', 'WRONG_PASSWORD', 'PASSKEY_INVALID', 'PASSKEY_CHALLENGE_EXPIRED'],
  }),
  signInOptions: route({
    method: 'POST',
    path: '/auth/passkey/options',
    tag: 'auth',
    summary: 'Start signing in with a passkey: options with no user named (discoverable credentials)',
    access: 'public',
    response: zRequestOptions,
    errors: [unavailable],
  }),
  signIn: route({
    method: 'POST',
    path: '/auth/passkey/verify',
    tag: 'auth',
    summary: 'Sign in with a passkey; it counts as both factors (no code is asked for after it)',
    access: 'public',
    body: zPasskeySignIn,
    response: zLoginResponse,
    errors: [
      unavailable,
      'PASSKEY_INVALID',
      'PASSKEY_CHALLENGE_EXPIRED',
      'ACCOUNT_SUSPENDED',
      'EMAIL_NOT_VERIFIED',
      'DEVICE_LIMIT_REACHED',
    ],
  }),
};
