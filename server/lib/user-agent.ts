import { UAParser } from 'ua-parser-js';

export interface DeviceInfo {
  browser: string;
  os: string;
  device: string;
}

/** "curl/8.5.0 …" → "curl 8.5.0": an API client or app the parser knows no browser of, by its own product token. */
function productOf(ua: string): string | null {
  const m = /^([A-Za-z][\w.-]{0,40})\/([\d][\w.]{0,20})/.exec(ua.trim());
  return m && m[1] !== 'Mozilla' ? `${m[1]} ${m[2]}` : null;
}

/** Browser (name and major version), OS and device class from a User-Agent header. */
export function parseUserAgent(ua: string | undefined): DeviceInfo {
  const r = UAParser(ua ?? '');
  const browser = r.browser.name
    ? `${r.browser.name}${r.browser.major ? ' ' + r.browser.major : ''}`
    : (productOf(ua ?? '') ?? 'Unknown');
  const os = r.os.name ? `${r.os.name}${r.os.version ? ' ' + r.os.version : ''}` : 'Unknown';
  const type = r.device.type;
  const device = type === 'mobile' ? 'Mobile' : type === 'tablet' ? 'Tablet' : 'Desktop';
  return { browser, os, device };
}

/**
 * Approximate location from a local lookup only (no outside service, DESIGN.md §7):
 * loopback and private ranges are the local network; anything else is Unknown (XX).
 */
export function locateIp(ip: string): { location: string; countryCode: string } {
  const v4 = ip.replace(/^::ffff:/, '');
  if (
    v4 === '::1' ||
    /^127\./.test(v4) ||
    /^10\./.test(v4) ||
    /^192\.168\./.test(v4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(v4) ||
    /^f[cd]/i.test(v4)
  ) {
    return { location: 'Local network', countryCode: 'XX' };
  }
  return { location: 'Unknown', countryCode: 'XX' };
}
