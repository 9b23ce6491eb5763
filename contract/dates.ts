/**
 * The one way an instant is written for people, on every screen and in every server-written
 * text: "Nov 24, 2026, 12:59 PM". Screens show the reader's own time zone; a server-written
 * text (notification, email, refusal) cannot know it, so it writes UTC and says so.
 */
const LOCALE = 'en-US';

/**
 * The browser's time zone, kept in a cookie by the web app so that a page the server draws for
 * the visitor (the signed-in dashboard) writes instants as the browser will.
 */
export const TIME_ZONE_COOKIE = 'tz';

const knownZones = new Set<string>();
/** Whether `zone` is a time zone Intl knows (an IANA name such as "Europe/Lisbon"). */
export function isTimeZone(zone: string | undefined): zone is string {
  if (!zone || zone.length > 64) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

/** ICU puts a narrow no-break space before AM/PM: a plain one reads the same in a mail client that lacks it. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

// Built on first use, not at load: a formatter costs milliseconds to build, on every page's start-up.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(locale: string, timeZone?: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formats.set(key, f);
  }
  return f;
}

/**
 * "Nov 24, 2026, 12:59 PM" in the runtime's time zone (the browser's) unless `timeZone` names
 * another; '—' for a missing or broken value. Another `locale` writes it its own way ("24 nov 2026, 12:59").
 */
export function formatDateTime(value: Date | string | null | undefined, locale?: string, timeZone?: string): string {
  if (!value) return '—';
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '—';
  return plain(formatIn(locale && locale !== 'en' ? locale : LOCALE, timeZone).format(d));
}

/** "Nov 24, 2026, 12:59 PM UTC": for texts the server writes. */
export function formatDateTimeUtc(value: Date | string, locale?: string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return `${plain(formatIn(locale && locale !== 'en' ? locale : LOCALE, 'UTC').format(d))} UTC`;
}
