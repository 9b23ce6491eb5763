import { PasskeyMsg } from '../../../contract/passkeys';
import { AppError } from '../../lib/errors';

/**
 * Who the passkeys belong to: the relying-party id (the site's host name, which every passkey is
 * bound to) and the one origin a browser may answer from. Both come from PUBLIC_URL, never from
 * a request's own Host header: a passkey made for one name does not work under another.
 */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of `publicUrl`; null when it is unset (passkeys are then unavailable). */
export function relyingPartyOf(publicUrl: string | undefined): RelyingParty | null {
  if (!publicUrl) return null;
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** The relying party, or 503 PASSKEYS_UNAVAILABLE when PUBLIC_URL is not set. */
export function requireRelyingParty(rp: RelyingParty | null): RelyingParty {
  if (!rp) throw new AppError('PASSKEYS_UNAVAILABLE', PasskeyMsg.unavailable);
  return rp;
}
