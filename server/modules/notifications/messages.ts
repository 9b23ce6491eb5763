import { z } from 'zod';
import { EMAIL_EVENTS } from '../../../contract/email-templates';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locales';
import { NOTIFICATION_MAX_LENGTH } from '../../../contract/notifications';
import { PAYOUT_PERIODS, type PayoutPeriod } from '../../../contract/schedule';
import { formatsFor, translator, type Translate } from '../../lib/i18n';
import type { TemplateVars } from '../email-templates/engine';

/** Cents in a stored notice: a decimal string, exact in JSON whatever the amount. */
const cents = z.codec(z.string().regex(/^-?\d+$/), z.bigint(), {
  decode: (s) => BigInt(s),
  encode: (n) => n.toString(),
});

type Params = Record<string, unknown>;

/** What a notice is worded with: the reader's language's words, money and instants. */
interface Words {
  t: Translate;
  money: (cents: bigint) => string;
  instant: (value: Date | string) => string;
}

/** The instants among notices' parameters (ISO strings as stored). */
const INSTANTS = new Set(['since', 'at', 'until']);

/** A notice's parameters as an email template's values: money and instants written for the reader. */
function plainValues(p: Params, w: Words): TemplateVars {
  return Object.fromEntries(
    Object.entries(p).map(([k, v]) => [
      k,
      typeof v === 'bigint'
        ? w.money(v)
        : INSTANTS.has(k) && typeof v === 'string'
          ? w.instant(v)
          : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
            ? v
            : null,
    ]),
  );
}

/**
 * One notice: its parameters as the code knows them and as they are stored, its words, and
 * the values its email template may use (by default its parameters, written for the reader).
 */
function notice<P extends z.ZodType<Params, Params>>(
  params: P,
  word: (p: z.output<P>, w: Words) => string,
  values: (p: z.output<P>, w: Words) => TemplateVars = plainValues,
) {
  return {
    params,
    render: (stored: unknown, w: Words) => word(params.parse(stored), w),
    values: (stored: unknown, w: Words) => values(params.parse(stored), w),
  };
}
const none = z.object({});

/** A decision on money: the amount, the currency it was paid in or out in, and the reason staff gave. */
const decided = z.object({ amount: cents, currency: z.string(), reason: z.string().optional() });

/** Sentences joined, the empty ones left out. */
const sentences = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ');
/** "Reason: …." as a sentence of its own, when staff gave one. */
const said = (w: Words, reason: string | undefined) =>
  reason ? w.t('reason', { reason: /[.!?]$/.test(reason) ? reason : `${reason}.` }) : undefined;

/** "daily for 30 days", "weekly, 12 payouts", "every hour until you end it". */
function schedule(p: { period?: PayoutPeriod; days?: number; payouts?: number | null }, w: Words): string {
  const period = p.period ?? 'daily';
  const payouts = p.payouts === undefined ? (p.days ?? 0) : p.payouts;
  return payouts === null ? w.t(UNTIL_ENDED[period]) : w.t(PAYOUTS[period], { count: payouts });
}

const UNTIL_ENDED = {
  hourly: 'investment.schedule.untilEnded.hourly',
  daily: 'investment.schedule.untilEnded.daily',
  weekly: 'investment.schedule.untilEnded.weekly',
  monthly: 'investment.schedule.untilEnded.monthly',
} as const satisfies Record<PayoutPeriod, string>;
const PAYOUTS = {
  hourly: 'investment.schedule.payouts.hourly',
  daily: 'investment.schedule.days',
  weekly: 'investment.schedule.payouts.weekly',
  monthly: 'investment.schedule.payouts.monthly',
} as const satisfies Record<PayoutPeriod, string>;

/**
 * Every notice the platform writes, worded from the `notices` catalogue in the reader's
 * language. A row stores the key and the parameters (notify.ts); the API and the email and
 * Telegram copies word it when they read it, so a rewording or a new language changes no row.
 */
const NOTICES = {
  /** Shown exactly as stored: what a person typed (staff messages), and notices stored before keys. */
  text: notice(
    z.object({ text: z.string() }),
    (p) => p.text,
    () => ({}),
  ),
  'deposit.settled': notice(decided, (p, w) =>
    sentences(w.t('deposit.settled', { amount: w.money(p.amount), currency: p.currency }), said(w, p.reason)),
  ),
  'deposit.invalid': notice(decided, (p, w) =>
    sentences(
      w.t('deposit.invalid', { amount: w.money(p.amount), currency: p.currency }),
      said(w, p.reason),
      w.t('deposit.invalidContact'),
    ),
  ),
  'withdrawal.settled': notice(
    decided.extend({ fee: cents, payoutReference: z.string().optional() }),
    (p, w) =>
      sentences(
        p.fee > 0n
          ? w.t('withdrawal.settledWithFee', {
              amount: w.money(p.amount),
              currency: p.currency,
              net: w.money(p.amount - p.fee),
              fee: w.money(p.fee),
            })
          : w.t('withdrawal.settled', { amount: w.money(p.amount), currency: p.currency }),
        p.payoutReference && w.t('withdrawal.payoutReference', { reference: p.payoutReference }),
        said(w, p.reason),
      ),
    (p, w) => ({ ...plainValues(p, w), net: w.money(p.amount - p.fee) }),
  ),
  'withdrawal.invalid': notice(decided, (p, w) =>
    sentences(w.t('withdrawal.invalid', { amount: w.money(p.amount), currency: p.currency }), said(w, p.reason)),
  ),
  // Notices stored before plan options name `days` only: a daily term.
  'investment.started': notice(
    z.object({
      amount: cents,
      plan: z.string(),
      days: z.number().int().optional(),
      period: z.enum(PAYOUT_PERIODS).optional(),
      payouts: z.number().int().nullable().optional(),
    }),
    (p, w) => w.t('investment.started', { amount: w.money(p.amount), plan: p.plan, schedule: schedule(p, w) }),
    (p, w) => ({ amount: w.money(p.amount), plan: p.plan, schedule: schedule(p, w) }),
  ),
  'investment.ended': notice(
    z.object({ principal: cents, plan: z.string(), retained: z.boolean().optional() }),
    (p, w) =>
      w.t(p.retained ? 'investment.endedRetained' : 'investment.ended', {
        plan: p.plan,
        principal: w.money(p.principal),
      }),
  ),
  'referral.bonus': notice(z.object({ amount: cents, level: z.number().int() }), (p, w) =>
    w.t('referral.bonus', { level: p.level, amount: w.money(p.amount) }),
  ),
  'security.newDevice': notice(z.object({ device: z.string(), ip: z.string() }), (p, w) =>
    p.ip
      ? w.t('security.newDeviceWithIp', { device: p.device, ip: p.ip })
      : w.t('security.newDevice', { device: p.device }),
  ),
  'security.failedSignIns': notice(
    z.object({ failures: z.number().int(), since: z.iso.datetime(), at: z.iso.datetime() }),
    (p, w) => w.t('security.failedSignIns', { count: p.failures, since: w.instant(p.since), at: w.instant(p.at) }),
  ),
  'security.passwordChanged': notice(none, (_p, w) => w.t('security.passwordChanged')),
  'security.passwordReset': notice(none, (_p, w) => w.t('security.passwordReset')),
  'security.twoFactorOn': notice(none, (_p, w) => w.t('security.twoFactorOn')),
  'security.twoFactorOff': notice(none, (_p, w) => w.t('security.twoFactorOff')),
  'security.passkeyAdded': notice(z.object({ passkey: z.string() }), (p, w) =>
    w.t('security.passkeyAdded', { passkey: p.passkey }),
  ),
  'security.passkeyRemoved': notice(z.object({ passkey: z.string() }), (p, w) =>
    w.t('security.passkeyRemoved', { passkey: p.passkey }),
  ),
  'security.holdEnded': notice(z.object({ reason: z.string() }), (p, w) =>
    sentences(w.t('security.holdEnded'), said(w, p.reason)),
  ),
  'security.holdShortened': notice(z.object({ reason: z.string(), until: z.iso.datetime() }), (p, w) =>
    sentences(w.t('security.holdShortened', { until: w.instant(p.until) }), said(w, p.reason)),
  ),
  'account.suspended': notice(none, (_p, w) => w.t('account.suspended')),
  'account.active': notice(none, (_p, w) => w.t('account.active')),
  'support.reply': notice(none, (_p, w) => w.t('support.reply')),
  'kyc.approved': notice(none, (_p, w) => w.t('kyc.approved')),
  'kyc.rejected': notice(z.object({ reason: z.string() }), (p, w) => w.t('kyc.rejected', { reason: p.reason })),
};

export type NoticeKey = keyof typeof NOTICES;
/** A notice's parameters as the code that raises it knows them (cents as bigint). */
export type NoticeParams<K extends NoticeKey> = z.output<(typeof NOTICES)[K]['params']>;
/** ...and as a row stores them (JSON). */
export type StoredParams<K extends NoticeKey> = z.input<(typeof NOTICES)[K]['params']>;

/** A notice as a row stores it. */
export interface StoredNotice {
  key: NoticeKey;
  params: Params;
}

export function noticeOf<K extends NoticeKey>(key: K, params: NoticeParams<K>): StoredNotice {
  return { key, params: z.encode(NOTICES[key].params, params) };
}

/** Words a person typed, shown exactly as written. */
export const textNotice = (text: string): StoredNotice => noticeOf('text', { text });

const isNoticeKey = (key: string): key is NoticeKey => Object.hasOwn(NOTICES, key);

/**
 * A stored notice in words, in `locale` (English unless said), as the API shows it and the
 * email and Telegram copies send it. A key this code does not know, or parameters that do not
 * fit it, is a defect: it throws.
 */
export function wordNotice(stored: { key: string; params: unknown }, locale: Locale = DEFAULT_LOCALE): string {
  if (!isNoticeKey(stored.key)) throw new Error(`unknown notice key ${stored.key}`);
  return NOTICES[stored.key].render(stored.params, wordsIn(locale)).slice(0, NOTIFICATION_MAX_LENGTH);
}

const wordsIn = (locale: Locale): Words => ({ t: translator(locale, 'notices'), ...formatsFor(locale) });

/**
 * A stored notice as its email template's values, in `locale`: exactly the event's variables
 * of contract/email-templates.ts beyond the ones every notice email has, null when a notice
 * lacks one (a reason staff did not give).
 */
export function noticeValues(stored: { key: string; params: unknown }, locale: Locale): TemplateVars {
  if (!isNoticeKey(stored.key)) throw new Error(`unknown notice key ${stored.key}`);
  const values = NOTICES[stored.key].values(stored.params, wordsIn(locale));
  return Object.fromEntries(EMAIL_EVENTS[stored.key].variables.map((name) => [name, values[name] ?? null]));
}
