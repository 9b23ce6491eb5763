import net from 'node:net';

/**
 * What Fastify may trust of `X-Forwarded-*`: nothing, the last `n` hops, or only the load
 * balancers at these addresses (proxy-addr's syntax: addresses, CIDRs, or the names
 * loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(s: string): boolean {
  if (NAMED.has(s)) return true;
  const [address = '', bits, ...rest] = s.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty or 0 trusts nothing (a client's `X-Forwarded-For` then changes no
 * IP and its `X-Forwarded-Host` no host); a whole number is how many proxies stand in front;
 * else a comma-separated list of the proxies' addresses or CIDRs. `true` is refused: trusting
 * every hop lets any client choose its own IP, which is what the per-IP limits key on.
 * Returns the parsed value, or an error message.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : { error: 'TRUST_PROXY: at most 10 proxy hops' };
  }
  if (v === 'true')
    return {
      error:
        'TRUST_PROXY=true would trust any client to name its own IP: give the number of proxies or their addresses',
    };
  const list = v.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !isAddressOrCidr(s));
  if (bad.length) return { error: `TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}` };
  return list;
}
