import { z } from 'zod';
import { KycMsg } from '../../../contract/kyc';
import { formatDateTimeUtc } from '../../../contract/dates';
import { formatUsd } from '../../../contract/money';
import { NOTIFICATION_MAX_LENGTH } from '../../../contract/notifications';
import { PAYOUT_PERIODS, type PayoutPeriod } from '../../../contract/schedule';
import { SupportMsg } from '../../../contract/support';

const PERIOD_WORDS: Record<PayoutPeriod, string> = {
  hourly: 'every hour',
  daily: 'daily',
  weekly: 'weekly',
  monthly: 'monthly',
};

/** Cents in a stored notice: a decimal string, exact in JSON whatever the amount. */
const cents = z.codec(z.string().regex(/^-?\d+$/), z.bigint(), {
  decode: (s) => BigInt(s),
  encode: (n) => n.toString(),
});

type Params = Record<string, unknown>;

/** One notice: its parameters as the code knows them and as they are stored, and its words. */
function notice<P extends z.ZodType<Params, Params>>(params: P, word: (p: z.output<P>) => string) {
  return { params, render: (stored: unknown) => word(params.parse(stored)) };
}
const none = z.object({});

const passwordWhat = { changed: 'Your password was changed', reset: 'Your password was reset' } as const;
const password = (what: string) => `${what}. If this was not you, reset your password at once and contact support.`;
/** A staff decision on money: the amount, the currency it was paid in or out in, and the reason staff gave. */
const decided = z.object({ amount: cents, currency: z.string(), reason: z.string().optional() });
/** " Reason: ….", as a sentence of its own, when staff gave one. */
const said = (reason: string | undefined) => (reason ? ` Reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}` : '');

/**
 * Every notice the platform writes, worded once. A row stores the key and the parameters
 * (messages/notify.ts); the API and the email and Telegram copies word it from here when they
 * read it, so a rewording or a translation changes no stored row.
 */
const NOTICES = {
  /** Shown exactly as stored: what a person typed (staff messages), and notices stored before keys. */
  text: notice(z.object({ text: z.string() }), (p) => p.text),
  'deposit.settled': notice(
    decided,
    (p) =>
      `Your deposit of ${formatUsd(p.amount)} (${p.currency}) was credited to your available balance.${said(p.reason)}`,
  ),
  'deposit.invalid': notice(
    decided,
    (p) =>
      `Your deposit of ${formatUsd(p.amount)} (${p.currency}) was rejected.${said(p.reason)} Contact support if you believe this is a mistake.`,
  ),
  'withdrawal.settled': notice(
    decided.extend({ fee: cents, payoutReference: z.string().optional() }),
    (p) =>
      `Your withdrawal of ${formatUsd(p.amount)} (${p.currency}) was approved and paid${p.fee > 0n ? `: ${formatUsd(p.amount - p.fee)} after a ${formatUsd(p.fee)} fee` : ''}.` +
      `${p.payoutReference ? ` Payout reference: ${p.payoutReference}.` : ''}${said(p.reason)}`,
  ),
  'withdrawal.invalid': notice(
    decided,
    (p) =>
      `Your withdrawal of ${formatUsd(p.amount)} (${p.currency}) was rejected: the amount is back in your available balance.${said(p.reason)}`,
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
    (p) => {
      const period = p.period ?? 'daily';
      const payouts = p.payouts === undefined ? (p.days ?? 0) : p.payouts;
      const how =
        payouts === null
          ? `${PERIOD_WORDS[period]} until you end it`
          : period === 'daily'
            ? `daily for ${payouts} days`
            : `${PERIOD_WORDS[period]}, ${payouts} payouts`;
      return `Your investment of ${formatUsd(p.amount)} in ${p.plan} has started: returns are paid ${how}.`;
    },
  ),
  'investment.ended': notice(z.object({ principal: cents, plan: z.string(), retained: z.boolean().optional() }), (p) =>
    p.retained
      ? `Your investment in ${p.plan} has ended. As its plan says, the ${formatUsd(p.principal)} principal is not returned.`
      : `Your investment in ${p.plan} has ended: ${formatUsd(p.principal)} principal was returned to your available balance.`,
  ),
  'referral.bonus': notice(
    z.object({ amount: cents, level: z.number().int() }),
    (p) => `You received a level ${p.level} referral bonus of ${formatUsd(p.amount)}.`,
  ),
  'security.newDevice': notice(
    z.object({ device: z.string(), ip: z.string() }),
    (p) =>
      `New sign-in to your account from ${p.device}${p.ip ? ` (IP ${p.ip})` : ''}. If this was not you, change your password at once.`,
  ),
  'security.failedSignIns': notice(
    z.object({ failures: z.number().int(), since: z.iso.datetime(), at: z.iso.datetime() }),
    (p) =>
      `Several failed sign-in attempts on your account: ${p.failures} wrong passwords since ${formatDateTimeUtc(p.since)}, ` +
      `the latest at ${formatDateTimeUtc(p.at)}. Nobody got in with them and you can still sign in as usual. If they were ` +
      'not yours, make sure your password is strong and turn on two-factor authentication.',
  ),
  'security.passwordChanged': notice(none, () => password(passwordWhat.changed)),
  'security.passwordReset': notice(none, () => password(passwordWhat.reset)),
  'security.twoFactorOn': notice(
    none,
    () => 'Two-factor authentication was turned on for your account. If this was not you, contact support at once.',
  ),
  'security.twoFactorOff': notice(
    none,
    () =>
      'Two-factor authentication was turned off for your account. If this was not you, reset your password and contact support at once.',
  ),
  'security.holdEnded': notice(
    z.object({ reason: z.string() }),
    (p) => `An administrator ended the security hold on your withdrawals: you can withdraw again.${said(p.reason)}`,
  ),
  'security.holdShortened': notice(
    z.object({ reason: z.string(), until: z.iso.datetime() }),
    (p) =>
      `An administrator shortened the security hold on your withdrawals: it now ends at ${formatDateTimeUtc(p.until)}.${said(p.reason)}`,
  ),
  'account.suspended': notice(
    none,
    () => 'Your account has been suspended by an administrator. Contact support if you think this is a mistake.',
  ),
  'account.active': notice(none, () => 'Your account is active again.'),
  'support.reply': notice(none, () => SupportMsg.replyNotice),
  'kyc.approved': notice(none, () => KycMsg.noticeApproved),
  'kyc.rejected': notice(z.object({ reason: z.string() }), (p) => KycMsg.noticeRejected(p.reason)),
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

/** The short sentence of a password change, for the security mail that is that notice's email copy. */
export const passwordChangeWhat = (key: 'security.passwordChanged' | 'security.passwordReset') =>
  key === 'security.passwordChanged' ? passwordWhat.changed : passwordWhat.reset;

export function noticeOf<K extends NoticeKey>(key: K, params: NoticeParams<K>): StoredNotice {
  return { key, params: z.encode(NOTICES[key].params, params) };
}

/** Words a person typed, shown exactly as written. */
export const textNotice = (text: string): StoredNotice => noticeOf('text', { text });

const isNoticeKey = (key: string): key is NoticeKey => Object.hasOwn(NOTICES, key);

/**
 * A stored notice in words, as the API shows it and the email and Telegram copies send it.
 * A key this code does not know, or parameters that do not fit it, is a defect: it throws.
 */
export function wordNotice(stored: { key: string; params: unknown }): string {
  if (!isNoticeKey(stored.key)) throw new Error(`unknown notice key ${stored.key}`);
  return NOTICES[stored.key].render(stored.params).slice(0, NOTIFICATION_MAX_LENGTH);
}
