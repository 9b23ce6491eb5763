import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDateTimeUtc } from '@contract/dates';
import type { Locale } from '@contract/locales';
import { useLocale } from '../../../i18n/locale';
import { translateMessage } from '../../../i18n/messages';
import { formatNumber } from '../../../lib/format';
import { jobTitle } from './jobLabels';

type AdminT = TFunction<'admin'>;

/**
 * The server writes its health warnings and "5 minutes ago" in English (server/modules/jobs/health.ts,
 * stuckPayoutsWarning, contract/site-health.ts timeAgo). English shows them as written; another language
 * reads each known shape back and says it in its own words, its dates, spans and job names its own way. A
 * warning of a shape not known here goes through the messages catalogue, else shows as the server wrote it.
 */

const SPAN = String.raw`more than (\d+) (seconds|minutes), twice its interval`;
const ACCRUAL_STALLED = new RegExp(
  String.raw`^The accrual job has not completed since (start-up at )?(.+?) \(${SPAN}\): daily returns are not being paid\.(?: Last error: ([\s\S]*))?$`,
);
const JOB_FAILING = /^The (\S+) job failed its last (\d+) runs \(the latest at (.+?) on (.+?)\): ([\s\S]*)$/;
const JOB_STOPPED = new RegExp(String.raw`^The (\S+) job has not run since (start-up at )?(.+?) \(${SPAN}\)\.$`);
const PAYOUTS_STUCK =
  /^(\d+) BTCPay payouts? (?:has|have) been sending for more than (\d+) hours?: check (?:it|them) in BTCPay$/;
const AGO = /^(\d+) (minute|hour|day)s? ago$/;

/** "Nov 24, 2026, 12:59 PM UTC" as the language writes it, still in UTC; as written when unreadable. */
function utc(text: string, locale: Locale): string {
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : formatDateTimeUtc(d, locale);
}

const span = (n: string, unit: string) =>
  formatNumber(Number(n), { style: 'unit', unit: unit === 'seconds' ? 'second' : 'minute', unitDisplay: 'long' });

/** A health warning in `locale`'s words (not English); null for a shape not known here. */
export function localWarning(w: string, t: AdminT, locale: Locale): string | null {
  let m = ACCRUAL_STALLED.exec(w);
  if (m) {
    const [, startUp, at, n, unit, error] = m;
    const values = { at: utc(at!, locale), span: span(n!, unit!) };
    const text = startUp ? t('health.accrualStalledSinceStart', values) : t('health.accrualStalled', values);
    return error === undefined ? text : t('health.withLastError', { text, error });
  }
  m = JOB_FAILING.exec(w);
  if (m) {
    const [, job, n, at, instance, error] = m;
    return t('health.jobFailing', {
      job: jobTitle(job!, t),
      count: Number(n),
      n: formatNumber(Number(n)),
      at: utc(at!, locale),
      instance,
      error,
    });
  }
  m = JOB_STOPPED.exec(w);
  if (m) {
    const [, job, startUp, at, n, unit] = m;
    const values = { job: jobTitle(job!, t), at: utc(at!, locale), span: span(n!, unit!) };
    return startUp ? t('health.jobStoppedSinceStart', values) : t('health.jobStopped', values);
  }
  m = PAYOUTS_STUCK.exec(w);
  if (m) {
    const [, n, hours] = m;
    return t('health.payoutsStuck', {
      count: Number(n),
      n: formatNumber(Number(n)),
      hours: formatNumber(Number(hours), { style: 'unit', unit: 'hour', unitDisplay: 'long' }),
    });
  }
  return null;
}

/** The server's "just now", "5 minutes ago" or "never" in `locale`'s words (not English); as written when unknown. */
export function localTimeAgo(text: string, t: AdminT, locale: Locale): string {
  if (text === 'just now') return t('health.justNow');
  if (text === 'never') return t('health.never');
  const m = AGO.exec(text);
  if (!m) return text;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
    -Number(m[1]),
    m[2] as 'minute' | 'hour' | 'day',
  );
}

/** Site Health's and the job monitor's server-written words in the active language. */
export function useHealthWords() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return {
    /** A health warning. */
    warning: (w: string): string => (locale === 'en' ? w : (localWarning(w, t, locale) ?? translateMessage(w))),
    /** "just now", "5 minutes ago", "never". */
    timeAgo: (text: string): string => (locale === 'en' ? text : localTimeAgo(text, t, locale)),
  };
}
